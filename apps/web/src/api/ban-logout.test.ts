import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTE_PATHS, BANNED_TEXT } from '@chat/contract';
import { callApi } from './call';
import { ApiError, endSessionIfBanned, getAccessToken, onSessionChange, setSession } from './http';
import { testUser } from '../test-support/user';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = testUser({ name: 'A', email: 'a@example.com' });

/** Signs in, answers every request with `answer`, and records the session changes. */
function signedIn(answer: () => Response) {
  setSession({ token: 'tok', user });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const changes: { session: unknown; cause: unknown }[] = [];
  const off = onSessionChange((session, cause) => changes.push({ session, cause }));
  return { changes, off };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('a banned user is logged out', () => {
  it('ends the session on the 403 banned answer of any route, with a banned cause', async () => {
    const { changes, off } = signedIn(() => json({ code: 'banned', message: BANNED_TEXT }, 403));
    await expect(callApi(API_ROUTE_PATHS.presets, {})).rejects.toBeInstanceOf(ApiError);
    off();
    expect(getAccessToken()).toBeNull();
    expect(changes).toHaveLength(1);
    expect(changes[0]!.session).toBeNull();
    expect(changes[0]!.cause).toMatchObject({ code: 'banned', message: BANNED_TEXT });
  });

  it('ends it on any error whose text contains "ban", whatever its code', async () => {
    const { changes, off } = signedIn(() =>
      json({ code: 'forbidden', message: 'You were banned here' }, 403),
    );
    await expect(callApi(API_ROUTE_PATHS.user, {})).rejects.toBeInstanceOf(ApiError);
    off();
    expect(getAccessToken()).toBeNull();
    expect(changes[0]!.cause).toMatchObject({ code: 'banned' });
  });

  it('keeps the session for other errors', async () => {
    const { changes, off } = signedIn(() =>
      json({ code: 'forbidden', message: 'Only the operator may do this' }, 403),
    );
    await expect(callApi(API_ROUTE_PATHS.user, {})).rejects.toBeInstanceOf(ApiError);
    off();
    expect(getAccessToken()).toBe('tok');
    expect(changes).toHaveLength(0);
  });

  it("ends it on a stream's error event whose text contains ban", () => {
    const { changes, off } = signedIn(() => json({}));
    endSessionIfBanned({ code: 'upstream_error', message: 'moderation: user is banned' });
    off();
    expect(getAccessToken()).toBeNull();
    expect(changes[0]!.cause).toMatchObject({ code: 'banned' });
  });
});
