import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, LOCAL_KEYS, VALIDATION_TEXTS, type Language } from '@chat/contract';
import en from '../locales/en.json';

/**
 * English is bundled; other dictionaries (locales/<lang>.json) are loaded on demand when a
 * person picks that language, so /c/new ships one dictionary only.
 */
const loaders = import.meta.glob<{ default: Record<string, string> }>([
  '../locales/*.json',
  '!../locales/en.json',
]);

export function resolveLanguage(stored: string | null, browser: string): Language {
  const wanted = stored && stored !== 'auto' ? stored : browser;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const prefix = wanted.split('-')[0]?.toLowerCase();
  return LANGUAGES.find((l) => l.split('-')[0]?.toLowerCase() === prefix) ?? 'en-US';
}

export async function changeLanguage(lang: Language): Promise<void> {
  const file = `../locales/${lang.split('-')[0]}.json`;
  const load = loaders[file];
  if (lang !== 'en-US' && load && !i18n.hasResourceBundle(lang, 'translation')) {
    i18n.addResourceBundle(lang, 'translation', (await load()).default);
  }
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

void i18n.use(initReactI18next).init({
  // The validation messages' English lives in the contract, shared with the server's answers.
  resources: { 'en-US': { translation: { ...VALIDATION_TEXTS, ...en } } },
  lng: 'en-US',
  fallbackLng: 'en-US',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const initial = resolveLanguage(localStorage.getItem(LOCAL_KEYS.lang), navigator.language);
if (initial !== 'en-US') void changeLanguage(initial);

export default i18n;
