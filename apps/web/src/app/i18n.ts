import { LOCAL_KEYS, VALIDATION_TEXTS, matchLanguage, type Language } from '@chat/contract';
import { intlLocale } from '../config/locale';
import en from '../locales/en.json';
import { joinTexts } from '../locales/join';
import { i18n, type Dictionary } from '../state/translator';

/*
 * Texts come in sets: the shared one (locales/<lang>.json) and each feature's own
 * (features/<name>/locales/<lang>.json, found by globs: a feature adds its folder and nothing
 * else). English is bundled, but for the features whose screens are chunks loaded on demand and
 * opened by few (the admin panel, its error log, blog management, settings, export and import):
 * their English ships with their chunks (their texts.ts, imported by each file that shows their
 * texts), so the glob leaves those folders out. Each other language is one chunk,
 * locales/joined/<lang>.ts (every set's file of that language), loaded when a person picks it, so
 * /c/new ships none.
 */
const featureEnglish = import.meta.glob<Dictionary>(
  [
    '../features/**/locales/en.json',
    '!../features/admin/locales/en.json',
    '!../features/error-log/locales/en.json',
    '!../features/blog/manage/locales/en.json',
    '!../features/export/locales/en.json',
    '!../features/settings/locales/en.json',
  ],
  { eager: true, import: 'default' },
);
const loaders = import.meta.glob<Dictionary>('../locales/joined/*.ts', { import: 'default' });

export function resolveLanguage(stored: string | null, browser: string): Language {
  // Traditional Chinese browsers (zh-TW, zh-HK, zh-Hant…) get zh-TC, other Chinese zh-CN.
  return matchLanguage(stored && stored !== 'auto' ? stored : browser);
}

/**
 * `<html lang dir>`: ar-EG is written right to left, and the layout mirrors with it. zh-TC is
 * zh-Hant-TW there, so the browser picks Traditional Chinese glyphs and voices.
 */
function applyToDocument(lang: Language): void {
  document.documentElement.lang = intlLocale(lang);
  document.documentElement.dir = i18n.dir(lang);
}

let latest = 0;

/**
 * Loads the language's texts (every set's, the features' too) once, then switches: the UI
 * re-renders, no reload, and no screen shows a key while its texts are on the way.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  const request = ++latest;
  const load = loaders[`../locales/joined/${lang}.ts`];
  if (lang !== 'en-US' && load && !i18n.hasResourceBundle(lang, 'translation')) {
    i18n.addResourceBundle(lang, 'translation', await load());
  }
  // A later pick made while this dictionary was loading wins.
  if (request !== latest) return;
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
}

// The validation messages' English lives in the contract, shared with the server's answers;
// the other dictionaries carry their own translations of those keys. English is the fallback.
i18n.addResourceBundle('en-US', 'translation', {
  ...VALIDATION_TEXTS,
  ...en,
  ...joinTexts(featureEnglish),
});

const initial = resolveLanguage(localStorage.getItem(LOCAL_KEYS.lang), navigator.language);
applyToDocument(initial);

/** Settles once the stored (or browser) language is loaded: main renders after it, no flash. */
export const languageReady: Promise<void> =
  initial === 'en-US' ? Promise.resolve() : changeLanguage(initial).catch(() => applyToDocument('en-US'));

export default i18n;
