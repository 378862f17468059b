import { ApiError } from '../../api/http';
import type { useTranslation } from '../../hooks/useTranslation';

type T = ReturnType<typeof useTranslation>['t'];

/** An action's failure for a toast: the server's message ("Error: …"), else Unknown error. */
export function errorText(t: T, err: unknown): string {
  const message = err instanceof ApiError || err instanceof Error ? err.message : '';
  return t('com_admin_error', { message: message || t('com_admin_unknown_error') });
}
