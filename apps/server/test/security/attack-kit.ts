import { expect } from 'vitest';
import type { ApiErrorBody } from '@chat/contract';
import type { ChatHarness } from '../support/chat-harness.js';
import { send } from './client.js';
import type { SecurityFixture } from './fixture.js';
import { rawRequest, type RawAnswer } from './raw-http.js';

/** What an attack case gets: the app, the fixture (A, B, A's data) and request helpers. */
export interface AttackKit {
  h: ChatHarness;
  f: SecurityFixture;
  /** A raw request (bytes as given) from its own client address, on a fresh connection. */
  raw(
    method: string,
    path: string,
    headers?: Record<string, string>,
    body?: string | Buffer,
  ): Promise<RawAnswer>;
  /** JSON requests on route patterns as the holder of `token`. */
  as(
    token: string,
  ): (method: string, url: string, spec?: Parameters<typeof send>[3]) => ReturnType<typeof send>;
  bearer(token: string): { authorization: string };
  expectAlive(): Promise<void>;
}

/** A named attack class and how to try it. */
export interface Attack {
  name: string;
  run(kit: AttackKit): Promise<void>;
}

export function createKit(h: ChatHarness, fixture: () => SecurityFixture): AttackKit {
  let ipSeq = 0;
  // Each request has its own client address: the per-IP rate limits are tested elsewhere.
  const raw: AttackKit['raw'] = (method, path, headers = {}, body) =>
    rawRequest(
      h.url,
      {
        method,
        path,
        headers: { 'x-forwarded-for': `10.1.${ipSeq >> 8}.${ipSeq++ & 255}`, ...headers },
        body,
      },
      10_000,
      { fresh: true },
    );
  return {
    h,
    get f() {
      return fixture();
    },
    raw,
    as:
      (token) =>
      (method, url, spec = {}) =>
        send(h.url, method, url, spec, token),
    bearer: (token) => ({ authorization: `Bearer ${token}` }),
    async expectAlive() {
      expect((await raw('GET', '/api/config')).status).toBe(200);
    },
  };
}

/** An error answer: one of `statuses`, JSON, with a message. */
export function expectError(res: RawAnswer, statuses: number[], what: string): void {
  expect(statuses, `${what} → ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  expect((res.json as ApiErrorBody).message, what).toBeTruthy();
}

export const XSS = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '[click](javascript:alert(1))',
  "';alert(1);//",
  '{{constructor.constructor("alert(1)")()}}',
];
