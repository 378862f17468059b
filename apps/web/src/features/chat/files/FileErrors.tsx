import { useTranslation } from '../../../hooks/useTranslation';
import { FILE_ERROR_KEYS, type FileErrorKind } from '@chat/contract';

/** The file checks' errors, merged into one list (spec §5: after 250 ms). */
export function FileErrors({
  errors,
  onDismiss,
}: {
  errors: readonly FileErrorKind[];
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="file-errors"
      className="mb-2 flex items-start gap-2 rounded-xl border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-text-primary"
    >
      <ul className="flex-1 list-disc ps-4">
        {errors.map((kind) => (
          <li key={kind}>{t(FILE_ERROR_KEYS[kind])}</li>
        ))}
      </ul>
      <button type="button" onClick={onDismiss} className="text-xs text-text-secondary underline">
        {t('com_ui_close')}
      </button>
    </div>
  );
}
