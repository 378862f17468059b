import { ERROR_TEXT_KEYS } from '@chat/contract';
import { ApiError } from '../../api/http';

/** i18n key of the login error alert. */
export function loginErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'com_auth_error_login';
  if (err.code === 'network_error') return 'com_error_connecting';
  if (err.code === 'account_deleted' || /deleted/i.test(err.message)) return ERROR_TEXT_KEYS.account_deleted;
  if (err.code === 'email_not_verified') return ERROR_TEXT_KEYS.email_not_verified;
  if (err.status === 429) return ERROR_TEXT_KEYS.login_rate_limited;
  if (err.status === 403) return ERROR_TEXT_KEYS.banned;
  if (err.status >= 500) return ERROR_TEXT_KEYS.internal;
  return ERROR_TEXT_KEYS.invalid_credentials;
}

/**
 * The server's part of the registration error banner (the error-create text plus
 * the server message), in the person's language where the answer carries something translatable:
 * the first issue's key, or the text of a code other than the generic ones. Otherwise the server's
 * own (English) message.
 */
export function registerErrorDetail(err: unknown, t: (key: string) => string): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : '';
  if (err.code === 'network_error') return t('com_error_connecting');
  const key = err.issues?.find((i) => i.key)?.key;
  if (key) return t(key);
  if (err.code !== 'validation_error' && err.code !== 'internal') return t(ERROR_TEXT_KEYS[err.code]);
  return err.message;
}
