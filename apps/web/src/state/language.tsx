import { createContext, useContext, type ReactNode } from 'react';
import {
  LANGUAGE_AUTO,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGES,
  LOCAL_KEYS,
  type Language,
} from '@chat/contract';

/** The language preference: one of the 18 languages, or auto (the browser's; the default). */
export type LanguageChoice = Language | typeof LANGUAGE_AUTO;

export function storedLanguageChoice(): LanguageChoice {
  try {
    const stored = localStorage.getItem(LOCAL_KEYS.lang);
    if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  } catch {
    // storage unavailable
  }
  return LANGUAGE_AUTO;
}

type ApplyLanguage = (choice: LanguageChoice) => Promise<void>;

/**
 * How a choice is applied (the shell's i18n: the dictionary loaded, `<html lang>` set), given by
 * the app's providers so that features need not import the shell.
 */
const LanguageContext = createContext<ApplyLanguage>(async () => {});

export function LanguageProvider({ apply, children }: { apply: ApplyLanguage; children: ReactNode }) {
  return <LanguageContext.Provider value={apply}>{children}</LanguageContext.Provider>;
}

/**
 * Keeps the choice where the app reads it (LOCAL_KEYS.lang) and where the server does (the
 * LANGUAGE_COOKIE: it renders the public pages in that language).
 */
function storeLanguageChoice(choice: LanguageChoice): void {
  try {
    localStorage.setItem(LOCAL_KEYS.lang, choice);
  } catch {
    // storage unavailable: the cookie still tells the server
  }
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(choice)}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

/** Keeps the choice ('auto' follows the browser) and applies it. */
export function useChooseLanguage(): (choice: LanguageChoice) => Promise<void> {
  const apply = useContext(LanguageContext);
  return (choice) => {
    storeLanguageChoice(choice);
    return apply(choice);
  };
}
