import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../test-support/user';

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
    const http = await freshHttp();
    http.startBootRefresh();
    await expect(http.takeBootRefresh()).resolves.toMatchObject({ token: 'own' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String((fetchSpy.mock.calls[0] as unknown[])[0])).toBe('/api/auth/refresh');
  });
});
