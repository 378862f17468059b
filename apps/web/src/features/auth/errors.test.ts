import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { loginErrorKey } from './errors';

describe('loginErrorKey', () => {
  it('maps the login error codes to the spec texts', () => {
    expect(loginErrorKey(new ApiError(401, 'invalid_credentials', 'x'))).toBe('com_auth_error_login');
    expect(loginErrorKey(new ApiError(429, 'login_rate_limited', 'x'))).toBe('com_auth_error_login_rl');
    expect(loginErrorKey(new ApiError(403, 'banned', 'x'))).toBe('com_auth_error_login_ban');
    expect(loginErrorKey(new ApiError(403, 'account_deleted', 'x'))).toBe('com_auth_error_account_deleted');
    expect(loginErrorKey(new ApiError(500, 'internal', 'x'))).toBe('com_auth_error_login_server');
  });

  it('treats a message mentioning deletion as the deleted-account path', () => {
    expect(loginErrorKey(new ApiError(401, 'unauthorized', 'Account has been deleted'))).toBe(
      'com_auth_error_account_deleted',
    );
  });

  it('falls back to the generic text', () => {
    expect(loginErrorKey(new Error('boom'))).toBe('com_auth_error_login');
    expect(loginErrorKey(new ApiError(400, 'validation_error', 'bad'))).toBe('com_auth_error_login');
  });
});
