import { describe, expect, it } from 'vitest';
import { LANGUAGES, VALIDATION_TEXTS } from '@chat/contract';
import en from './en.json';
import {
  assembleTexts,
  checkLocale,
  ENGLISH_FILE,
  hasFindings,
  pluralForms,
  validationTextSets,
  type Dictionary,
} from './locale-check';

// Every set's files, the shared one's (locales/) and each feature's, by their path under src/.
const files = Object.fromEntries(
  Object.entries(
    import.meta.glob<Dictionary>(['./*.json', '../features/**/locales/*.json'], {
      eager: true,
      import: 'default',
    }),
  ).map(([path, texts]) => [path.replace(/^\.\.\//, '').replace(/^\.\//, 'locales/'), texts]),
);
const languageFiles = LANGUAGES.map((l) => (l === 'en-US' ? ENGLISH_FILE : l));
const { byLanguage, problems } = assembleTexts(files, languageFiles, validationTextSets('locales'));
const english: Dictionary = { ...VALIDATION_TEXTS, ...byLanguage[ENGLISH_FILE] };
const numberChecked = new Set(Object.keys(VALIDATION_TEXTS));

describe('every dictionary against English', () => {
  it('has one file per language in every set, each key in one set, each file the keys of its set', () => {
    const shared = Object.keys(files)
      .filter((f) => f.startsWith('locales/'))
      .map((f) => f.slice('locales/'.length, -'.json'.length))
      .sort();
    expect(shared).toEqual([...languageFiles].sort());
    expect(problems).toEqual([]);
  });

  it('has a joined chunk for each language but English (app/i18n.ts loads a language through it)', () => {
    const joined = Object.keys(import.meta.glob('./joined/*.ts')).map((f) => f.slice('./joined/'.length, -3));
    expect(joined.sort()).toEqual(languageFiles.filter((l) => l !== ENGLISH_FILE).sort());
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en-US')) {
    it(`${lang}: every key present, translated, same placeholders, every plural form`, () => {
      const dict = byLanguage[lang] ?? {};
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

describe('the text sets check', () => {
  const languages = ['en', 'de-DE', 'ru-RU'];
  it('finds a set without a language, a key in the wrong set, a key in two sets', () => {
    const { byLanguage: joined, problems: found } = assembleTexts(
      {
        'locales/en.json': { a: 'Save', n_one: '{{count}} note', n_other: '{{count}} notes' },
        'locales/de-DE.json': {
          a: 'Speichern',
          n_one: '{{count}} Notiz',
          n_other: '{{count}} Notizen',
          b: 'x',
        },
        'locales/ru-RU.json': { a: 'Сохранить', n_one: '1', n_few: '2', n_many: '5', n_other: '7' },
        'features/f/locales/en.json': { b: 'Open', a: 'Save' },
        'features/f/locales/de-DE.json': { a: 'Sichern' },
      },
      languages,
    );
    expect([...found].sort()).toEqual([
      'a: in features/f/locales/de-DE.json and locales/de-DE.json',
      'a: in features/f/locales/en.json and locales/en.json',
      'features/f/locales/de-DE.json: lacks b',
      'features/f/locales: no ru-RU.json',
      'locales/de-DE.json: b is not in its en.json',
    ]);
    // The joined dictionary has every set's keys.
    expect(Object.keys(joined['de-DE'] ?? {}).sort()).toEqual(['a', 'b', 'n_one', 'n_other']);
  });

  it("holds each set to the contract's validation texts it translates: the core's shared, a feature's its own", () => {
    const { problems: found } = assembleTexts(
      {
        'locales/en.json': { a: 'Save' },
        'locales/de-DE.json': { a: 'Speichern', v: 'Ungültig', w: 'Zu lang' },
        'features/f/locales/en.json': { b: 'Open' },
        'features/f/locales/de-DE.json': { b: 'Öffnen' },
      },
      ['en', 'de-DE'],
      { locales: { v: 'Invalid' }, 'features/f/locales': { w: 'Too long' } },
    );
    expect([...found].sort()).toEqual([
      'features/f/locales/de-DE.json: lacks w',
      'locales/de-DE.json: w is not in its en.json',
    ]);
  });

  it('reads the plural forms of each language as one key', () => {
    const { problems: found } = assembleTexts(
      {
        'locales/en.json': { n_one: '{{count}} note', n_other: '{{count}} notes' },
        'locales/ru-RU.json': { n_one: '1', n_few: '2', n_many: '5', n_other: '7' },
      },
      ['en', 'ru-RU'],
    );
    expect(found).toEqual([]);
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
