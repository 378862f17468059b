import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@chat/contract';
import { buildApp, type App, type AppDeps } from '../../src/app.js';
import { type AppConfig } from '../../src/config/app-config.js';
import { testAppConfig } from './app-config.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export interface Harness {
  app: App;
  url: string;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh database, listening on 127.0.0.1 so tests talk real HTTP. */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  deps: Pick<
    AppDeps,
    'logger' | 'webDist' | 'extraModules' | 'clock' | 'siteRenderer' | 'siteTranslator'
  > = {},
): Promise<Harness> {
  // As main.ts: pgvector in PGlite only when file search has embeddings.
  const database = await openTestDatabase({ vector: Boolean(overrides.fileSearch?.embeddings) });
  const app = await buildApp({ ...deps, config: testAppConfig(overrides), db: database.db });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url: address,
    database,
    async close() {
      await app.close();
      await app.lifecycle.drain();
      await database.close();
    },
  };
}

export interface TestUser extends AuthResponse {
  email: string;
  password: string;
  cookie: string;
}

/** The refresh cookie pair (`refreshToken=...`) from a response's Set-Cookie header. */
export function refreshCookieOf(res: Response): string {
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('refreshToken='));
  if (!setCookie) throw new Error('no refreshToken cookie set');
  return setCookie.split(';')[0]!;
}

/** The password registerUser gives every account. */
export const TEST_PASSWORD = 'correct horse battery';

export async function registerUser(
  url: string,
  name = 'Test User',
  email = `user-${randomUUID().slice(0, 8)}@example.com`,
): Promise<TestUser> {
  const password = TEST_PASSWORD;
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password, confirm_password: password }),
  });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as AuthResponse;
  return { ...body, email, password, cookie: refreshCookieOf(res) };
}

/** fetch with the user's bearer token and a JSON body. */
export function authed(url: string, token: string) {
  return (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
}
