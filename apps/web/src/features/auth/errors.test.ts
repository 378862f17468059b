import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { loginErrorKey, registerErrorDetail } from './errors';

describe('loginErrorKey', () => {
  it('maps the login error codes to the spec texts', () => {
    expect(loginErrorKey(new ApiError(401, 'invalid_credentials', 'x'))).toBe('com_auth_error_login');
    expect(loginErrorKey(new ApiError(429, 'login_rate_limited', 'x'))).toBe('com_auth_error_login_rl');
    expect(loginErrorKey(new ApiError(403, 'banned', 'x'))).toBe('com_auth_error_login_ban');
    expect(loginErrorKey(new ApiError(403, 'account_deleted', 'x'))).toBe('com_auth_error_account_deleted');
    expect(loginErrorKey(new ApiError(500, 'internal', 'x'))).toBe('com_auth_error_login_server');
    // Not the banned text, although it is a 403 too.
    expect(loginErrorKey(new ApiError(403, 'email_not_verified', 'x'))).toBe(
      'com_auth_error_email_not_verified',
    );
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

describe('registerErrorDetail', () => {
  const t = (key: string) => `<${key}>`;

  it('translates the code of a known refusal instead of showing the English message', () => {
    expect(registerErrorDetail(new ApiError(409, 'email_taken', 'Email is already in use'), t)).toBe(
      '<com_auth_error_email_taken>',
    );
    expect(registerErrorDetail(new ApiError(0, 'network_error', 'fetch failed'), t)).toBe(
      '<com_error_connecting>',
    );
  });

  it("translates a validation issue's key, and keeps the message when there is none", () => {
    const issues = [
      { path: 'name', message: 'Name must be at least 3 characters', key: 'com_auth_name_min_length' },
    ];
    expect(registerErrorDetail(new ApiError(400, 'validation_error', 'Invalid input', issues), t)).toBe(
      '<com_auth_name_min_length>',
    );
    expect(registerErrorDetail(new ApiError(400, 'validation_error', 'The body is not valid JSON'), t)).toBe(
      'The body is not valid JSON',
    );
  });
});
