import { describe, expect, it } from 'vitest';
import { extractVariables, fillVariables, matchPrompts, replaceSpecialVars } from './variables';

describe('prompt variables', () => {
  it('finds each variable once, in order, with its choices, leaving out the specials', () => {
    expect(
      extractVariables(
        '{{a}} {{ b }} {{a}} {{c:x| y |}} {{current_date}} {{CURRENT_USER}} {{iso_datetime}} {{}}',
      ),
    ).toEqual([
      { name: 'a', options: [] },
      { name: 'b', options: [] },
      { name: 'c', options: ['x', 'y'] },
    ]);
  });

  it('fills every occurrence of a name, choices included, and leaves unknown ones', () => {
    expect(fillVariables('{{a}}-{{c:x|y}}-{{a}}-{{z}}', { a: '1', c: 'y' })).toBe('1-y-1-{{z}}');
    // A value is put in as written (no replacement patterns).
    expect(fillVariables('{{a}}', { a: '$& $1' })).toBe('$& $1');
  });

  it("writes the specials as LibreChat does: the date with its weekday, the person's name", () => {
    const now = new Date(2026, 0, 4, 7, 5, 9); // a Sunday
    const text = '{{current_date}} | {{Current_Datetime}} | {{current_user}} | {{iso_datetime}}';
    expect(replaceSpecialVars(text, { now, userName: 'Ada $&' })).toBe(
      `2026-01-04 (0) | 2026-01-04 07:05:09 (0) | Ada $& | ${now.toISOString()}`,
    );
    expect(replaceSpecialVars('{{current_user}}', { now })).toBe('{{current_user}}');
  });

  it('lists commands starting with the query before names holding it', () => {
    const groups = [{ name: 'Essay' }, { name: 'Zed', command: 'es' }, { name: 'Other', command: 'x' }];
    expect(matchPrompts(groups, 'ES').map((g) => g.name)).toEqual(['Zed', 'Essay']);
    expect(matchPrompts(groups, '').map((g) => g.name)).toEqual(['Zed', 'Other', 'Essay']);
  });
});
