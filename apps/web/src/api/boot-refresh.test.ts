import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../test-support/user';
import { clearSessionHint, setSessionHint } from '../test-support/session-hint';
import { COUNTER_KEY } from './refresh-share';
import { SESSION_CHECKED_KEY } from './session-hint';

const user = testUser({ name: 'A', email: 'a@example.com' });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fresh copy of api/http.ts (its boot state is per page load). */
async function freshHttp() {
  vi.resetModules();
  return import('./http');
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { __bootRefresh?: unknown }).__bootRefresh;
  clearSessionHint();
  localStorage.clear();
});

describe('the boot refresh', () => {
  it("takes /boot.js's answer instead of asking again, and sets the session from it", async () => {
    const fetchSpy = vi.fn(async () => json({ token: 'second', user }));
    vi.stubGlobal('fetch', fetchSpy);
    (window as { __bootRefresh?: unknown }).__bootRefresh = Promise.resolve({
      status: 200,
      body: JSON.stringify({ token: 'early', user }),
    });
    const http = await freshHttp();
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).resolves.toMatchObject({ token: 'early' });
    expect(http.getAccessToken()).toBe('early');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect((window as { __bootRefresh?: unknown }).__bootRefresh).toBeUndefined();
  });

  it("ends the session with the refusal's error when /boot.js's answer is a 401", async () => {
    (window as { __bootRefresh?: unknown }).__bootRefresh = Promise.resolve({
      status: 401,
      body: JSON.stringify({ code: 'unauthorized', message: 'Invalid refresh token' }),
    });
    const http = await freshHttp();
    const causes: unknown[] = [];
    http.onSessionChange((_s, cause) => causes.push(cause));
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(http.getAccessToken()).toBeNull();
    expect(causes).toHaveLength(1);
  });

  it("asks itself, through the tabs' sharing, when /boot.js left it to the app (another tab refreshing)", async () => {
    const fetchSpy = vi.fn(async () => json({ token: 'shared-path', user }));
    vi.stubGlobal('fetch', fetchSpy);
    (window as { __bootRefresh?: unknown }).__bootRefresh = Promise.resolve(null);
    const http = await freshHttp();
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).resolves.toMatchObject({ token: 'shared-path' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(http.getAccessToken()).toBe('shared-path');
  });

  it('asks itself when /boot.js did not (no early answer)', async () => {
    const fetchSpy = vi.fn(async () => json({ token: 'own', user }));
    vi.stubGlobal('fetch', fetchSpy);
    setSessionHint();
    const http = await freshHttp();
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).resolves.toMatchObject({ token: 'own' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toBe('/api/auth/refresh');
  });

  it("a visitor's browser (no session hint) asks nothing and is signed out at once", async () => {
    const fetchSpy = vi.fn(async () => json({ token: 'never', user }));
    vi.stubGlobal('fetch', fetchSpy);
    const http = await freshHttp();
    const sessions: unknown[] = [];
    http.onSessionChange((session) => sessions.push(session));
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(sessions).toEqual([null]);
    // A later start (the auth context's own, when the boot's was taken) asks nothing either.
    await expect(http.resumeSession()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a browser that refreshed before the hint existed is asked once; a session found keeps going', async () => {
    const fetchSpy = vi.fn(async () => json({ token: 'kept', user }));
    vi.stubGlobal('fetch', fetchSpy);
    localStorage.setItem(COUNTER_KEY, '3');
    const http = await freshHttp();
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).resolves.toMatchObject({ token: 'kept' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(SESSION_CHECKED_KEY)).not.toBeNull();

    // The next page load without a hint (the server found no session after all) asks nothing.
    const again = await freshHttp();
    again.startBootRefresh();
    await expect(again.takeBootRefresh()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('takes a 204 (no refresh cookie) as signed out, from /boot.js or from its own request', async () => {
    (window as { __bootRefresh?: unknown }).__bootRefresh = Promise.resolve({ status: 204, body: '' });
    const http = await freshHttp();
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(http.getAccessToken()).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    setSessionHint();
    const own = await freshHttp();
    own.startBootRefresh();
    await expect(own.takeBootRefresh()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('a browser that had a session with the hint is not asked again after signing out', async () => {
    const fetchSpy = vi.fn(async () => json({ token: 'signed-in', user }));
    vi.stubGlobal('fetch', fetchSpy);
    setSessionHint();
    localStorage.setItem(COUNTER_KEY, '1');
    const http = await freshHttp();
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).resolves.toMatchObject({ token: 'signed-in' });
    // Signed out: the server cleared the hint; the tabs' counter stays.
    clearSessionHint();
    const after = await freshHttp();
    after.startBootRefresh();
    await expect(after.takeBootRefresh()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
