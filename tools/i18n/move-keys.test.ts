import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assembleTexts } from '../../apps/web/src/locales/locale-check';
import { moveKeys } from './move-keys';
import { LANGUAGE_FILES, readTextFiles, SHARED_SET } from './text-files';

let root: string;
const write = (path: string, texts: Record<string, string>): void => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), `${JSON.stringify(texts, null, 2)}\n`);
};
const read = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, string>;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'move-keys-'));
  mkdirSync(join(root, 'features/notes'), { recursive: true });
  for (const lang of LANGUAGE_FILES) {
    const tag = lang === 'en' ? '' : ` (${lang})`;
    // Russian has more plural forms than English: they move with their key.
    const plural: Record<string, string> =
      lang === 'ru-RU'
        ? {
            com_notes_count_one: 'a',
            com_notes_count_few: 'b',
            com_notes_count_many: 'c',
            com_notes_count_other: 'd',
          }
        : { com_notes_count_one: `one${tag}`, com_notes_count_other: `other${tag}` };
    write(`${SHARED_SET}/${lang}.json`, {
      com_ui_save: `Save${tag}`,
      com_notes_title: `Notes${tag}`,
      com_notes_empty: `None${tag}`,
      ...plural,
    });
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('move-keys', () => {
  it("moves a prefix's keys, plural forms and all, from every shared file to the feature's", () => {
    const result = moveKeys(root, 'notes', ['com_notes_*', 'com_nothing']);
    expect(result).toEqual({
      moved: ['com_notes_count', 'com_notes_empty', 'com_notes_title'],
      unmatched: ['com_nothing'],
    });
    expect(read('locales/de-DE.json')).toEqual({ com_ui_save: 'Save (de-DE)' });
    expect(Object.keys(read('features/notes/locales/ru-RU.json')).sort()).toEqual([
      'com_notes_count_few',
      'com_notes_count_many',
      'com_notes_count_one',
      'com_notes_count_other',
      'com_notes_empty',
      'com_notes_title',
    ]);
    const { problems, byLanguage } = assembleTexts(readTextFiles(root), LANGUAGE_FILES);
    expect(problems).toEqual([]);
    expect(byLanguage['fr-FR']?.com_notes_title).toBe('Notes (fr-FR)');
  });

  it('moves one key without its neighbours, and again later into the same files', () => {
    moveKeys(root, 'notes', ['com_notes_title']);
    expect(read('features/notes/locales/en.json')).toEqual({ com_notes_title: 'Notes' });
    moveKeys(root, 'notes', ['com_notes_empty']);
    expect(read('features/notes/locales/en.json')).toEqual({
      com_notes_title: 'Notes',
      com_notes_empty: 'None',
    });
    expect(Object.keys(read('locales/en.json'))).toEqual([
      'com_ui_save',
      'com_notes_count_one',
      'com_notes_count_other',
    ]);
  });

  it('refuses a folder that is no feature and a key the feature holds with another text', () => {
    expect(() => moveKeys(root, '../locales', ['com_ui_save'])).toThrow(/no feature folder/);
    write('features/notes/locales/de-DE.json', { com_notes_title: 'Anders' });
    expect(() => moveKeys(root, 'notes', ['com_notes_title'])).toThrow(/differs/);
    // Nothing was written.
    expect(read('locales/en.json')).toHaveProperty('com_notes_title');
  });
});
