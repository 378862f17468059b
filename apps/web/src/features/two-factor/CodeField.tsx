import { TextField } from '../../components/ui/TextField';
import { useTranslation } from '../../hooks/useTranslation';

/**
 * The field of a code: six digits from the app (a numeric keyboard on phones, the browser's
 * one-time-code autofill), or a backup code.
 */
export function CodeField({
  value,
  onChange,
  backup = false,
  error,
  autoFocus = false,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  backup?: boolean;
  error?: string | undefined;
  autoFocus?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={backup ? t('com_ui_backup_code') : t('com_ui_2fa_code_label')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      inputMode={backup ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={32}
      autoFocus={autoFocus}
      error={error}
      data-testid={testId}
    />
  );
}
