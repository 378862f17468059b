import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from './call';
import { getAccessToken, setSession } from './http';
import { testUser } from '../test-support/user';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = testUser({ name: 'A', email: 'a@example.com' });

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(null);
});

describe('callApi (the typed caller of the contract route table)', () => {
  it('sends the method, the path with encoded params and the JSON body of the row', async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => json({ text: 'x' }));
    vi.stubGlobal('fetch', fetchMock);
    await callApi(API_ROUTE_PATHS.editMessage, {
      params: { conversationId: 'c 1', messageId: 'm/2' },
      body: { text: 'hi' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/messages/c%201/m%2F2');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(JSON.stringify({ text: 'hi' }));
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('encodes the query as before (a space is %20) and sends no body on a GET', async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) => json({}));
    vi.stubGlobal('fetch', fetchMock);
    await callApi(API_ROUTE_PATHS.search, { query: { q: 'a b&c', pageNumber: 2 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/search?q=a%20b%26c&pageNumber=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('repeats the name of a list in the query, each value encoded', async () => {
    const fetchMock = vi.fn(async (..._args: [string, RequestInit]) =>
      json({ conversations: [], pageNumber: 1, pageSize: 25, pages: 1 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await callApi(API_ROUTE_PATHS.convosPage, { query: { pageNumber: 1, tags: ['work', 'a&b c'] } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/convos?pageNumber=1&tags=work&tags=a%26b%20c');
  });

  it('goes through apiFetch: a 401 refreshes once and retries with the new token', async () => {
    setSession({ token: 'old', user });
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') return json({ token: 'new', user });
      const auth = new Headers(init.headers).get('authorization');
      return auth === 'Bearer new' ? json(user) : json({ message: 'x', code: 'token_expired' }, 401);
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(API_ROUTE_PATHS.user, {})).resolves.toEqual(user);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/user', '/api/auth/refresh', '/api/user']);
  });

  it('keeps the session when the refresh answers 503 or cannot connect, and ends it on a refusal', async () => {
    for (const failure of [
      () => json({ message: 'The service is unavailable', code: 'service_unavailable' }, 503),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      setSession({ token: 'old', user });
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          url === '/api/auth/refresh' ? failure() : json({ message: 'x', code: 'token_expired' }, 401),
        ),
      );
      await expect(callApi(API_ROUTE_PATHS.user, {})).rejects.toMatchObject({ status: 401 });
      expect(getAccessToken()).toBe('old');
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/refresh'
          ? json({ message: 'Invalid refresh token', code: 'unauthorized' }, 401)
          : json({ message: 'x', code: 'token_expired' }, 401),
      ),
    );
    await expect(callApi(API_ROUTE_PATHS.user, {})).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
  });

  it('throws the ApiError of a non-2xx answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Nope', code: 'not_found' }, 404)),
    );
    await expect(callApi(API_ROUTE_PATHS.convo, { params: { id: 'x' } })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});
