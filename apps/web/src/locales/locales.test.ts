import { describe, expect, it } from 'vitest';
import { LANGUAGES, VALIDATION_TEXTS } from '@chat/contract';
import en from './en.json';
import { CHUNK_ENGLISH } from './chunks';
import { checkLocale, hasFindings, pluralForms, type Dictionary } from './locale-check';

const files = import.meta.glob<Dictionary>('./*.json', { eager: true, import: 'default' });
const english: Dictionary = { ...VALIDATION_TEXTS, ...en, ...CHUNK_ENGLISH };
const numberChecked = new Set(Object.keys(VALIDATION_TEXTS));

describe('every dictionary against English', () => {
  it('has one file per language, named by its full code, and no other', () => {
    const names = Object.keys(files)
      .map((f) => f.slice(2, -'.json'.length))
      .sort();
    expect(names).toEqual(LANGUAGES.map((l) => (l === 'en-US' ? 'en' : l)).sort());
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en-US')) {
    it(`${lang}: every key present, translated, same placeholders, every plural form`, () => {
      const dict = files[`./${lang}.json`] ?? {};
      expect(checkLocale(lang, dict, english, numberChecked)).toEqual({
        missing: [],
        untranslated: [],
        placeholders: [],
        plurals: [],
        numbers: [],
        extra: [],
      });
    });
  }

  it('English itself has both forms of every plural', () => {
    for (const key of Object.keys(en).filter((k) => k.endsWith('_other')))
      expect(Object.hasOwn(en, key.replace(/_other$/, '_one')), key).toBe(true);
  });
});

describe('the dictionary check', () => {
  const reference: Dictionary = {
    a: 'Save',
    b: 'Hello {{name}}',
    c_one: '{{count}} minute',
    c_other: '{{count}} minutes',
    d: 'At least 8 characters',
    brand: 'OpenAI',
  };

  it('finds a missing key, an English value, a changed placeholder, a lost number and a stale key', () => {
    const found = checkLocale(
      'de-DE',
      {
        a: 'Save',
        b: 'Hallo {{nom}}',
        c_one: '{{count}} Minute',
        c_other: '{{count}} Minuten',
        d: 'Mindestens 6 Zeichen',
        old: 'x',
      },
      reference,
      new Set(['d']),
    );
    expect(found).toEqual({
      missing: ['brand'],
      untranslated: ['a'],
      placeholders: ['b'],
      plurals: [],
      numbers: ['d'],
      extra: ['old'],
    });
  });

  it("lets a language's own name in a language list read the same everywhere", () => {
    const names: Dictionary = { com_nav_lang_english: 'English', com_nav_lang_auto: 'Auto detect' };
    const found = checkLocale('de-DE', names, names);
    expect(found.untranslated).toEqual(['com_nav_lang_auto']);
  });

  it("asks for the plural forms the language has, per Intl's rules", () => {
    expect(pluralForms('ru-RU')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralForms('ar-EG')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralForms('ja-JP')).toEqual(['other']);
    expect(pluralForms('zh-TC')).toEqual(['other']);
    const ru = { a: 'Сохранить', b: 'Привет, {{name}}', d: 'x', brand: 'OpenAI' };
    const some = checkLocale(
      'ru-RU',
      { ...ru, c_one: '{{count}} минута', c_other: '{{count}} минуты' },
      reference,
    );
    expect(some.plurals).toEqual(['c']);
    // A form the language does not have is stale, like any key English lacks.
    const ja = checkLocale('ja-JP', { ...ru, c_one: '1分', c_other: '{{count}} 分' }, reference);
    expect(ja.extra).toEqual(['c_one']);
    expect(ja.plurals).toEqual([]);
  });

  it('lets a plural form leave out {{count}} but no other placeholder', () => {
    const ref: Dictionary = { m_one: '{{count}} of {{max}}', m_other: '{{count}} of {{max}}' };
    const ok = checkLocale(
      'ar-EG',
      Object.fromEntries(pluralForms('ar-EG').map((f) => [`m_${f}`, `x {{max}} ${f}`])),
      ref,
    );
    expect(hasFindings(ok)).toBe(false);
    const lost = checkLocale(
      'ar-EG',
      Object.fromEntries(pluralForms('ar-EG').map((f) => [`m_${f}`, `{{count}} ${f}`])),
      ref,
    );
    expect(lost.placeholders).toHaveLength(6);
  });
});
