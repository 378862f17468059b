import { describe, expect, it } from 'vitest';
import { loginWithReturn, safeReturnPath } from './return-path';

describe('the way back after signing in', () => {
  it('takes only paths of this site, never another site or the sign-in pages', () => {
    expect(safeReturnPath('/c/abc?x=1')).toBe('/c/abc?x=1');
    expect(safeReturnPath('/share/AbC_12')).toBe('/share/AbC_12');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'c/abc']) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
    expect(safeReturnPath('/login?redirect_to=/c/x')).toBeNull();
    expect(safeReturnPath('/register')).toBeNull();
    expect(safeReturnPath('/c/a\nb')).toBeNull();
  });

  it('adds redirect_to to /login for a page worth returning to, not for a new chat or a notice', () => {
    expect(loginWithReturn('/login', '/share/AbC_12')).toBe('/login?redirect_to=%2Fshare%2FAbC_12');
    expect(loginWithReturn('/login', '/c/new')).toBe('/login');
    expect(loginWithReturn('/login?message=account_deleted', '/c/abc')).toBe(
      '/login?message=account_deleted',
    );
  });
});
