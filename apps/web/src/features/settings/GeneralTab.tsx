import './texts';
import { useState } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { useLocation } from 'react-router';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { LANGUAGE_AUTO, LANGUAGES, THEMES, type Theme } from '@chat/contract';
import { storedLanguageChoice, useChooseLanguage, type LanguageChoice } from '../../state/language';
import { useTheme } from '../../state/theme';
import { useStartupConfig } from '../../api/config';
import { LegalLinks } from '../../components/LegalLinks';
import { Slot } from '../../platform/slots';
import { useClearAllConvos } from './api';
import { LANGUAGE_NAMES, languageTag } from './languages';
import { Select } from './Select';
import { SettingRow } from './SettingRow';
import { ToggleRow } from './ToggleRow';
import { TwoStepButton } from './TwoStepButton';

/** General: theme, language, clear all chats, the features' lines (billing's My Subscription), auto-scroll. */
export function GeneralTab({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const [language, setLanguage] = useState<LanguageChoice>(storedLanguageChoice);
  const clearAll = useClearAllConvos();
  const navigate = useStableNavigate();
  const { pathname } = useLocation();
  const startup = useStartupConfig().data;

  const chooseLanguage = useChooseLanguage();
  const pickLanguage = (choice: LanguageChoice) => {
    setLanguage(choice);
    void chooseLanguage(choice);
  };

  const clearChats = async () => {
    await clearAll.mutateAsync();
    // The open conversation is gone too.
    if (/^\/[ca]\/(?!new$)[^/]+$/.test(pathname)) navigate('/c/new', { replace: true });
  };

  return (
    <div>
      <SettingRow label={t('com_nav_theme')} htmlFor="settings-theme">
        <Select
          id="settings-theme"
          data-testid="settings-theme"
          value={theme}
          onChange={(e) => setTheme(e.target.value as Theme)}
        >
          {THEMES.map((value) => (
            <option key={value} value={value}>
              {t(`com_nav_theme_${value}`)}
            </option>
          ))}
        </Select>
      </SettingRow>
      <SettingRow label={t('com_nav_language')} htmlFor="settings-language">
        <Select
          id="settings-language"
          data-testid="settings-language"
          value={language}
          onChange={(e) => pickLanguage(e.target.value as LanguageChoice)}
        >
          <option value={LANGUAGE_AUTO}>{t('com_nav_lang_auto')}</option>
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang} lang={languageTag(lang)}>
              {LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </Select>
      </SettingRow>
      <SettingRow label={t('com_nav_clear_all_chats')}>
        <TwoStepButton
          labelKey="com_ui_clear"
          confirmKey="com_ui_confirm_clear"
          successKey="com_nav_clear_all_chats_done"
          errorKey="com_nav_clear_all_chats_error"
          action={clearChats}
          testId="settings-clear-chats"
        />
      </SettingRow>
      <Slot name="settings.general.rows" Row={SettingRow} closeSettings={onClose} />
      <ToggleRow pref="autoScroll" labelKey="com_nav_auto_scroll" hintKey="com_nav_auto_scroll_hint" />
      <LegalLinks config={startup?.interface} className="mt-4 flex gap-4 text-xs text-text-secondary" />
    </div>
  );
}
