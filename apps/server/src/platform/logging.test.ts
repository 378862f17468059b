import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { refreshCookieOf, registerUser, startTestApp, type Harness } from '../../test/support/harness.js';
import { LOG_REDACT_PATHS, withRedaction } from './logging.js';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let h: Harness;
beforeAll(async () => {
  // The logger options as a deployment might pass them, without any redact list: buildApp adds it.
  h = await startTestApp({}, { logger: { level: 'trace', stream } });
});
afterAll(() => h.close());

it('keeps tokens, cookies, passwords and API keys out of the logs', async () => {
  const user = await registerUser(h.url);
  const login = await fetch(`${h.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const loginCookie = refreshCookieOf(login);
  await fetch(`${h.url}/api/auth/refresh`, { method: 'POST', headers: { cookie: user.cookie } });
  await fetch(`${h.url}/api/convos`, { headers: { authorization: `Bearer ${user.token}` } });
  await fetch(`${h.url}/api/convos/not-an-id`, { headers: { authorization: `Bearer ${user.token}` } });
  // What a handler or a plugin might log one day: the redaction must cover it.
  h.app.log.info(
    {
      req: { headers: { authorization: `Bearer ${user.token}`, cookie: user.cookie } },
      body: { password: user.password, confirm_password: user.password },
      endpoint: { apiKey: 'sk-live-123456789' },
      session: { token: user.token, refreshToken: loginCookie },
    },
    'a careless log line',
  );

  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(5);
  expect(log).toContain('a careless log line');
  expect(log).toContain('[Redacted]');
  const secrets = [
    user.token,
    user.cookie.split('=')[1]!,
    loginCookie.split('=')[1]!,
    user.password,
    'sk-live-123456789',
  ];
  for (const secret of secrets) expect(log).not.toContain(secret);
});

it('adds the redaction paths to whatever the caller gave, in either pino form', () => {
  expect(withRedaction(false)).toBe(false);
  expect(withRedaction({ level: 'info' })).toMatchObject({ level: 'info', redact: [...LOG_REDACT_PATHS] });
  expect(withRedaction({ redact: ['x.y'] }).redact).toEqual([...LOG_REDACT_PATHS, 'x.y']);
  expect(withRedaction({ redact: { paths: ['x.y'], censor: '***' } }).redact).toEqual({
    paths: [...LOG_REDACT_PATHS, 'x.y'],
    censor: '***',
  });
});

it("puts the app's error and request serializers in place of any other, keeping the caller's others", () => {
  const res = (r: unknown) => r;
  const options = withRedaction({ serializers: { res, req: res, err: (e: unknown) => e } });
  expect(options.serializers.res).toBe(res);
  const leaky = Object.assign(new Error('boom'), { params: ['secret'] });
  expect(JSON.stringify(options.serializers.err(leaky))).not.toContain('secret');
  expect(options.serializers.req({ method: 'GET', url: '/api/search?q=secret' })).toMatchObject({
    url: '/api/search?[Redacted]',
  });
});
