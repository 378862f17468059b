import { ERROR_TEXT_KEYS } from '@chat/contract';
import { ApiError } from '../../api/http';

/** i18n key of the login error alert (spec core §8 Login error keys). */
export function loginErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'com_auth_error_login';
  if (err.code === 'network_error') return 'com_error_connecting';
  if (err.code === 'account_deleted' || /deleted/i.test(err.message)) return ERROR_TEXT_KEYS.account_deleted;
  if (err.status === 429) return ERROR_TEXT_KEYS.login_rate_limited;
  if (err.status === 403) return ERROR_TEXT_KEYS.banned;
  if (err.status >= 500) return ERROR_TEXT_KEYS.internal;
  return ERROR_TEXT_KEYS.invalid_credentials;
}
