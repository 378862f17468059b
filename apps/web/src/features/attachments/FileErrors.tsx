import { useTranslation } from '../../hooks/useTranslation';
import type { TFunction } from '../../state/translator';
import { FILE_ERROR_KEYS, UPLOAD_LIMITS, type EndpointFileConfig, type FileErrorKind } from '@chat/contract';

/** MB as the texts write them: two decimals at most. */
const mb = (bytes: number) => String(Number((bytes / (1024 * 1024)).toFixed(2)));

/**
 * The text of an error: the spec's at the built-in limits; where librechat.yaml's fileConfig set
 * other numbers, the same words with the endpoint's own.
 */
function errorText(t: TFunction, kind: FileErrorKind, limits?: EndpointFileConfig) {
  if (limits) {
    if (kind === 'tooMany' && limits.fileLimit !== UPLOAD_LIMITS.maxFiles)
      return t('com_error_files_limit_n', { count: String(limits.fileLimit) });
    if (kind === 'tooLarge' && limits.fileSizeLimit !== UPLOAD_LIMITS.maxFileBytes)
      return t('com_error_files_size_n', { size: mb(limits.fileSizeLimit) });
    if (kind === 'totalTooLarge' && limits.totalSizeLimit !== UPLOAD_LIMITS.maxTotalBytes)
      return t('com_error_files_total_size_n', { size: mb(limits.totalSizeLimit) });
  }
  return t(FILE_ERROR_KEYS[kind]);
}

/** The file checks' errors, merged into one list (after 250 ms). */
export function FileErrors({
  errors,
  limits,
  onDismiss,
}: {
  errors: readonly FileErrorKind[];
  /** The endpoint's limits the checks used (their numbers go in the texts). */
  limits?: EndpointFileConfig | undefined;
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
          <li key={kind}>{errorText(t, kind, limits)}</li>
        ))}
      </ul>
      <button type="button" onClick={onDismiss} className="text-xs text-text-secondary underline">
        {t('com_ui_close')}
      </button>
    </div>
  );
}
