import { describe, expect, it } from 'vitest';
import { orderGates } from './gate-order.js';
import type { AskGate } from './types.js';

const gate = (name: string, order: Pick<AskGate, 'after' | 'before'> = {}): AskGate => ({
  name,
  ...order,
  check: () => Promise.resolve(),
});
const namesOf = (gates: readonly AskGate[]) => orderGates(gates).map((g) => g.name);

describe('the ask gates in their declared order', () => {
  it('keeps module order where nothing is declared', () => {
    expect(namesOf([gate('c'), gate('a'), gate('b')])).toEqual(['c', 'a', 'b']);
  });

  it('runs a gate after the ones it names, and before the ones it names', () => {
    expect(namesOf([gate('reserve', { after: ['refuse'] }), gate('refuse')])).toEqual(['refuse', 'reserve']);
    expect(namesOf([gate('refuse'), gate('limit', { before: ['refuse'] })])).toEqual(['limit', 'refuse']);
  });

  it('moves only what the declarations ask: the other gates keep module order around it', () => {
    const gates = [gate('balance', { after: ['premium'] }), gate('x'), gate('premium'), gate('y')];
    expect(namesOf(gates)).toEqual(['x', 'premium', 'balance', 'y']);
  });

  it('ignores a name no gate has (a feature that is off)', () => {
    const gates = [
      gate('balance', { after: ['subscription', 'premium'] }),
      gate('premium', { before: ['gone'] }),
    ];
    expect(namesOf(gates)).toEqual(['premium', 'balance']);
  });

  it('gives the same order whatever order the modules register in', () => {
    const gates = [
      gate('moderation'),
      gate('plan', { after: ['moderation'] }),
      gate('quota', { after: ['moderation', 'plan'] }),
      gate('credits', { after: ['moderation', 'plan', 'quota'] }),
    ];
    const expected = ['moderation', 'plan', 'quota', 'credits'];
    expect(namesOf(gates)).toEqual(expected);
    expect(namesOf([...gates].reverse())).toEqual(expected);
  });

  it('refuses declarations that go round in a circle, naming the gates on it', () => {
    const gates = [
      gate('free'),
      gate('a', { after: ['c'] }),
      gate('b', { after: ['a'] }),
      gate('c', { after: ['b'] }),
      gate('d', { after: ['c'] }),
    ];
    expect(() => orderGates(gates)).toThrow('ask gates: their declared order is a circle: a → b → c → a');
    expect(() => orderGates([gate('x', { before: ['y'] }), gate('y', { before: ['x'] })])).toThrow(
      /circle: x → y → x$/,
    );
  });
});
