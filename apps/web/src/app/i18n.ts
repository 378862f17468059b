import { LOCAL_KEYS, VALIDATION_TEXTS, matchLanguage, type Language } from '@chat/contract';
import { intlLocale } from '../config/locale';
import en from '../locales/en.json';
import { i18n, type Dictionary } from '../state/translator';

/**
 * English is bundled; every other dictionary (locales/<full code>.json: zh-CN and zh-TC are two
 * files) is its own chunk, loaded when a person picks that language, so /c/new ships one only.
 */
const loaders = import.meta.glob<{ default: Dictionary }>(['../locales/*.json', '!../locales/en.json']);

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

/** Loads the language's dictionary once, then switches; the UI re-renders, no reload. */
export async function changeLanguage(lang: Language): Promise<void> {
  const request = ++latest;
  const load = loaders[`../locales/${lang}.json`];
  if (lang !== 'en-US' && load && !i18n.hasResourceBundle(lang, 'translation')) {
    const dictionary = (await load()).default;
    i18n.addResourceBundle(lang, 'translation', dictionary);
  }
  // A later pick made while this dictionary was loading wins.
  if (request !== latest) return;
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
}

// The validation messages' English lives in the contract, shared with the server's answers;
// the other dictionaries carry their own translations of those keys. English is the fallback.
i18n.addResourceBundle('en-US', 'translation', { ...VALIDATION_TEXTS, ...en });

const initial = resolveLanguage(localStorage.getItem(LOCAL_KEYS.lang), navigator.language);
applyToDocument(initial);

/** Settles once the stored (or browser) language is loaded: main renders after it, no flash. */
export const languageReady: Promise<void> =
  initial === 'en-US' ? Promise.resolve() : changeLanguage(initial).catch(() => applyToDocument('en-US'));

export default i18n;
