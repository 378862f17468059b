import type { Language } from '@chat/contract';

/** Each language by its own name (the same in every locale, so not translated). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TC': '繁體中文',
  'ar-EG': 'العربية',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'it-IT': 'Italiano',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
  'ru-RU': 'Русский',
  'ja-JP': '日本語',
  'sv-SE': 'Svenska',
  'ko-KR': '한국어',
  'vi-VN': 'Tiếng Việt',
  'tr-TR': 'Türkçe',
  'nl-NL': 'Nederlands',
  'id-ID': 'Bahasa Indonesia',
};

/** The BCP 47 tag to mark an option's text with (zh-TC is Traditional Chinese). */
export const languageTag = (lang: Language): string => (lang === 'zh-TC' ? 'zh-Hant' : lang);
