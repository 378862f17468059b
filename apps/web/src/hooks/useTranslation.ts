import { useMemo, useSyncExternalStore } from 'react';
import { i18n, type TFunction, type Translator } from '../state/translator';

const language = () => i18n.language;

/** `t` in the current language; the component re-renders (and `t` changes) when it changes. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  useSyncExternalStore(i18n.subscribe, language, language);
  const t = i18n.t;
  return useMemo(() => ({ t, i18n }), [t]);
}
