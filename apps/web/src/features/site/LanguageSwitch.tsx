import { LANGUAGES, type Language } from '@chat/contract';
import { LANGUAGE_NAMES, languageTag } from '../../config/language-names';
import { useTranslation } from '../../hooks/useTranslation';
import { useChooseLanguage } from '../../state/language';

/**
 * The public pages' language choice (the same preference as Settings → Language). In the app it
 * switches at once; on a server-rendered page site/client.ts stores it (cookie and local storage)
 * and loads the page again in that language (`data-language-switch`).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const choose = useChooseLanguage();
  return (
    <select
      data-testid="language-switch"
      data-language-switch=""
      aria-label={t('com_nav_language')}
      value={i18n.language}
      onChange={(e) => void choose(e.target.value as Language)}
      className="h-8 rounded-md border border-border-light bg-surface-primary px-2 text-sm text-text-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
    >
      {LANGUAGES.map((lang) => (
        <option key={lang} value={lang} lang={languageTag(lang)}>
          {LANGUAGE_NAMES[lang]}
        </option>
      ))}
    </select>
  );
}
