import { describe, expect, it } from 'vitest';
import { evaluate, ExpressionError, formatNumber } from './expression.js';

describe('the calculator’s expression evaluator', () => {
  it('follows precedence, associativity and unary signs', () => {
    expect(evaluate('1 + 2 * 3')).toBe(7);
    expect(evaluate('(1 + 2) * 3')).toBe(9);
    expect(evaluate('2 ^ 3 ^ 2')).toBe(512);
    expect(evaluate('2 ** 10')).toBe(1024);
    expect(evaluate('-2 ^ 2')).toBe(-4);
    expect(evaluate('10 - 4 - 3')).toBe(3);
    expect(evaluate('7 % 4 + 8 / 2')).toBe(7);
    expect(evaluate('--3')).toBe(3);
    expect(evaluate('1.5e3 + .5')).toBe(1500.5);
    expect(evaluate('6 × 7 ÷ 2')).toBe(21);
  });

  it('knows its functions and constants, case-insensitively', () => {
    expect(evaluate('sqrt(16) + abs(-2)')).toBe(6);
    expect(evaluate('max(1, 5, 3) - min(4, 2)')).toBe(3);
    expect(evaluate('pow(2, 8)')).toBe(256);
    expect(evaluate('round(PI * 100)')).toBe(314);
    expect(evaluate('log(1000)')).toBe(3);
    expect(evaluate('ln(e)')).toBe(1);
  });

  it('refuses anything that is not arithmetic, naming the problem', () => {
    for (const input of [
      'process.exit(1)',
      'constructor',
      'this',
      '__proto__',
      'require("fs")',
      '1; 2',
      '"a"',
      '[1]',
      'x = 1',
      '',
      '(1 + 2',
      '1 +',
      'sqrt(1, 2)',
      'sqrt 4',
    ]) {
      expect(() => evaluate(input), input).toThrow(ExpressionError);
    }
    expect(() => evaluate('toString(1)')).toThrow(/Unknown name "tostring"/);
  });

  it('bounds the input: length and nesting', () => {
    expect(() => evaluate('1+'.repeat(600) + '1')).toThrow(/too long/);
    expect(() => evaluate('('.repeat(200) + '1' + ')'.repeat(200))).toThrow(/nested too deeply/);
    expect(() => evaluate('-'.repeat(500) + '1')).toThrow(/nested too deeply/);
  });

  it('formats results: exact integers, 12 significant digits otherwise', () => {
    expect(formatNumber(evaluate('0.1 + 0.2'))).toBe('0.3');
    expect(formatNumber(evaluate('2^40 + 10'))).toBe('1099511627786');
    expect(formatNumber(evaluate('1 / 0'))).toBe('Infinity');
    expect(formatNumber(evaluate('sqrt(-1)'))).toBe('NaN');
    expect(formatNumber(evaluate('1 / 3'))).toBe('0.333333333333');
  });
});
