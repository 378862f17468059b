import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@chat/contract';
import { rawRequest, type RawAnswer } from '../../test/security/raw-http.js';
import { registerUser, startTestApp, type Harness } from '../../test/support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(() => h.close());

const json = { 'content-type': 'application/json' };
const post = (path: string, headers: Record<string, string>, body?: string) =>
  rawRequest(h.url, { method: 'POST', path, headers, ...(body === undefined ? {} : { body }) });

function expectSecurityHeaders(res: { headers: Record<string, string | string[] | undefined> }) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
}

/** Bytes written on a socket of their own; the whole answer as the server sent it. */
function rawSocket(payload: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(h.url).port), '127.0.0.1', () => socket.write(payload));
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

/** Status, lower-cased headers and JSON body of a raw HTTP answer. */
function parseAnswer(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, json: JSON.parse(body) as ApiErrorBody };
}

describe('validation errors read as English, with the i18n key beside the message', () => {
  it('a field failing a contract rule: readable message, code, and the key in its issue', async () => {
    const res = await post(
      '/api/auth/register',
      json,
      JSON.stringify({
        name: 'Al',
        email: 'al@example.com',
        password: 'password123',
        confirm_password: 'password123',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: 'Invalid input: name: Name must be at least 3 characters',
      code: 'validation_error',
      issues: [
        { path: 'name', message: 'Name must be at least 3 characters', key: 'com_auth_name_min_length' },
      ],
    });
  });

  it('no answer carries a bare i18n key as its message', async () => {
    const user = await registerUser(h.url);
    const auth = { ...json, authorization: `Bearer ${user.token}` };
    const answers: RawAnswer[] = [
      await post('/api/auth/login', json, JSON.stringify({ email: 'x', password: '' })),
      await post('/api/convos/gen_title', auth, JSON.stringify({ conversationId: 'nope' })),
      await post('/api/ask/bad%20name', auth, JSON.stringify({ text: 'hi' })),
      await post('/api/convos/update', auth, JSON.stringify({ arg: { conversationId: 1 } })),
    ];
    for (const res of answers) {
      const err = res.json as ApiErrorBody;
      expect(res.status, res.text).toBe(400);
      expect(err.message, res.text).toMatch(/^Invalid input: \S+: [A-Z]/);
      expect(res.text).not.toMatch(/"message":"[^"]*com_/);
      for (const issue of err.issues ?? []) {
        expect(issue.message, res.text).not.toMatch(/^com_/);
        if (issue.key !== undefined) expect(issue.key).toMatch(/^com_/);
      }
    }
  });
});

describe('bodies', () => {
  it('a POST that takes no body accepts `Content-Type: application/json` with an empty body', async () => {
    const user = await registerUser(h.url);
    const refreshed = await post('/api/auth/refresh', { ...json, cookie: user.cookie }, '');
    expect(refreshed.status, refreshed.text).toBe(200);
    const cookie = String(refreshed.headers['set-cookie']).split(';')[0]!;
    // Without a refresh cookie: nobody is signed in (204), still not a 400 for the empty body.
    expect((await post('/api/auth/refresh', json, '')).status).toBe(204);
    const out = await post('/api/auth/logout', { ...json, cookie }, '');
    expect(out.status, out.text).toBe(200);
  });

  it('a route that needs a body says so when it is empty', async () => {
    const res = await post('/api/auth/login', json, '');
    expect(res.status).toBe(400);
    expect((res.json as ApiErrorBody).message).toBe('Invalid input: a JSON body is required');
  });

  it('a body of another type, or without a type, is 415 unsupported_media_type naming it', async () => {
    for (const [headers, pattern] of [
      [{ 'content-type': 'text/plain' }, /"text\/plain"/],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, /urlencoded/],
      [{}, /without a content type/],
    ] as const) {
      const res = await post('/api/auth/login', headers, '{"email":"a@b.cd","password":"x"}');
      expect(res.status, res.text).toBe(415);
      expect((res.json as ApiErrorBody).code).toBe('unsupported_media_type');
      expect((res.json as ApiErrorBody).message).toMatch(pattern);
      expectSecurityHeaders(res);
    }
  });

  it('a prototype key is named as such, not called invalid JSON', async () => {
    const res = await post('/api/auth/login', json, '{"email":"a@b.cd","__proto__":{"admin":true}}');
    expect(res.status).toBe(400);
    expect((res.json as ApiErrorBody).message).toMatch(/key "__proto__", which is not allowed/);
  });
});

describe("answers Node's HTTP parser gives before Fastify", () => {
  it('headers over the limit: 431 with the JSON shape and the security headers', async () => {
    const res = await rawRequest(
      h.url,
      { method: 'GET', path: '/api/config', headers: { 'x-big': 'a'.repeat(20_000) } },
      10_000,
      { fresh: true },
    );
    expect(res.status).toBe(431);
    expect(res.json).toEqual({
      message: expect.stringMatching(/too large/) as string,
      code: 'headers_too_large',
    });
    expectSecurityHeaders(res);
  });

  it('bytes that are not HTTP, and a NUL in a header: 400 with the JSON shape and the security headers', async () => {
    for (const payload of [
      'NOT HTTP AT ALL\r\n\r\n',
      'GET /api/config HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 1\u00002\r\n\r\n',
    ]) {
      const answer = parseAnswer(await rawSocket(payload));
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ message: 'The request is not valid HTTP', code: 'validation_error' });
      expectSecurityHeaders(answer);
    }
    expect((await rawRequest(h.url, { method: 'GET', path: '/api/config' })).status).toBe(200);
  });
});
