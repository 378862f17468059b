import { createContext, useContext, type ReactNode } from 'react';
import { LANGUAGE_AUTO, LANGUAGES, LOCAL_KEYS, type Language } from '@chat/contract';

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

/** Keeps the choice under LOCAL_KEYS.lang ('auto' follows the browser) and applies it. */
export function useChooseLanguage(): (choice: LanguageChoice) => Promise<void> {
  const apply = useContext(LanguageContext);
  return (choice) => {
    try {
      localStorage.setItem(LOCAL_KEYS.lang, choice);
    } catch {
      // storage unavailable: applies to this page only
    }
    return apply(choice);
  };
}
