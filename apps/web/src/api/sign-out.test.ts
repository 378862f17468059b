import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@chat/contract';
import { apiFetch, beginSignOut, setSession } from './http';
import { testUser } from '../test-support/user';

const user = testUser({ name: 'A', email: 'a@example.com' });

/** A fetch whose answers the test releases one by one, recording what was sent. */
function heldFetch() {
  const sent: string[] = [];
  const pending: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (path: string) =>
        new Promise<Response>((resolve) => {
          sent.push(path);
          pending.push(() => resolve(new Response('{}', { status: 200 })));
        }),
    ),
  );
  return { sent, answerAll: () => pending.splice(0).forEach((answer) => answer()) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setSession(null);
});

describe('signing out', () => {
  it('waits for the requests already sent, holds new ones, and fails those here once signed out', async () => {
    setSession({ token: 'tok', user });
    const net = heldFetch();
    const before = apiFetch('/api/convos?pageNumber=1');
    await vi.waitFor(() => expect(net.sent).toHaveLength(1));

    let begun = false;
    const starting = beginSignOut().then((signOut) => {
      begun = true;
      return signOut;
    });
    const during = apiFetch('/api/convos?pageNumber=1');
    await Promise.resolve();
    expect(begun).toBe(false);
    net.answerAll();
    expect((await before).status).toBe(200);
    const signOut = await starting;
    // The held request did not go out; the sign-out's own request does.
    const logout = apiFetch('/api/auth/logout', { method: 'POST' });
    await vi.waitFor(() => expect(net.sent).toEqual(['/api/convos?pageNumber=1', '/api/auth/logout']));
    net.answerAll();
    await logout;

    setSession(null);
    signOut.end();
    await expect(during).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(net.sent).toHaveLength(2);
  });

  it('lets the held requests go when the session is still there (the sign-out failed)', async () => {
    setSession({ token: 'tok', user });
    const net = heldFetch();
    const signOut = await beginSignOut();
    const during = apiFetch('/api/user');
    await Promise.resolve();
    expect(net.sent).toEqual([]);
    signOut.end();
    await vi.waitFor(() => expect(net.sent).toEqual(['/api/user']));
    net.answerAll();
    expect((await during).status).toBe(200);
  });

  it('does not wait for a request that hangs longer than the drain time', async () => {
    vi.useFakeTimers();
    setSession({ token: 'tok', user });
    const net = heldFetch();
    void apiFetch('/api/convos?pageNumber=1').catch(() => undefined);
    await vi.waitFor(() => expect(net.sent).toHaveLength(1));
    let begun = false;
    const starting = beginSignOut().then((signOut) => {
      begun = true;
      return signOut;
    });
    await vi.advanceTimersByTimeAsync(TIMINGS.signOutDrainMs - 1);
    expect(begun).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(begun).toBe(true);
    (await starting).end();
  });
});
