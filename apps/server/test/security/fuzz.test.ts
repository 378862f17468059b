import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTE_LIST, ERROR_CODES, routeKeyOf, type ApiErrorBody } from '@chat/contract';
import { startChatApp } from '../support/chat-harness.js';
import { startTestStripe } from '../support/stripe.js';
import { registerUser, TEST_PASSWORD } from '../support/harness.js';
import type { RequestSpec } from './client.js';
import { buildFixture, OPERATOR_EMAIL, stopRunning, type SecurityFixture } from './fixture.js';
import {
  CONTENT_TYPES,
  encodePart,
  RAW_PATH_PARTS,
  jsonish,
  mutate,
  mutations,
  nastyRawBody,
  nastyString,
  poisoned,
  queryString,
  stringPaths,
  replaceAt,
  UNSTORABLE_QUERY_VALUES,
  UNSTORABLE_STRINGS,
} from './fuzz-arbitraries.js';
import { rawRequest, type RawAnswer, type RawRequest } from './raw-http.js';
import { ROUTE_RULES } from './route-rules.js';
import { defaultParams, paramNames, routeKey, testedRoutes } from './route-table.js';
import type { RouteEntry } from '../../src/platform/route-table.js';

/**
 * Property-based fuzzing of every route in the app's route table (so new routes are fuzzed without
 * anyone adding them): malformed bodies, wrong types, prototype keys, deep nesting, invalid UTF-8,
 * odd content types, traversal and overlong params, random queries. Every answer must be < 500
 * with a `{ message, code }` body on 4xx, and the server must keep answering.
 *
 * The seed changes each run (more inputs over time) and is printed in the suite's name and in any
 * failure; replay one with FUZZ_SEED=<seed>.
 */
const seed = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS) || 40;

// trustProxy: each case carries its own X-Forwarded-For, so the register/login rate limits (tested
// elsewhere) do not turn every later case into a 429 that never reaches the body parser.
// Stripe (the fake) without the paywall: the payment routes answer, sends need no subscription.
const stripe = await startTestStripe(false);
const h = await startChatApp({
  trustProxy: 1,
  adminEmail: OPERATOR_EMAIL,
  billing: stripe.billing,
  // The social-media bonus on, so its routes answer (claimed once per platform).
  socialBonus: { tokens: 100, platforms: ['x', 'reddit'] },
  // Memory on (librechat.yaml's block), so its routes answer.
  memory: { charLimit: 10_000, personalize: true, messageWindowSize: 5 },
});
const routes = testedRoutes(h.app);
let f: SecurityFixture;
beforeAll(async () => {
  f = await buildFixture(h);
});
afterAll(async () => {
  if (f) await stopRunning(h, f);
  await h.close();
  await stripe.fake.close();
});

/** A valid request for the route, from its matrix row, that mutations start from. */
function exampleOf(route: RouteEntry): RequestSpec {
  const rule = ROUTE_RULES[routeKey(route)];
  if (!rule) return {};
  const spec =
    rule.access === 'public'
      ? (rule.example?.(f) ?? rule.anonymous)
      : rule.access === 'user' || rule.access === 'impersonation'
        ? (rule.example?.(f) ?? {})
        : rule.access === 'self'
          ? rule.example(f)
          : rule.probe(f);
  // An upload's multipart body is not JSON to mutate: its JSON cases are sent without one.
  return spec.body instanceof FormData ? { ...spec, body: undefined } : spec;
}

/** Routes that read a multipart/form-data body (uploads) rather than JSON. */
const MULTIPART = new Set(API_ROUTE_LIST.filter((r) => r.multipart).map(routeKeyOf));

let doomed: string | undefined;
let viewedEmail: string | undefined;
let impersonating: string | undefined;
/**
 * An impersonation session: the operator signs in again (a session of its own, which the
 * impersonation ends, not the fixture's) and views as a throwaway user. Made again once a case
 * ended it.
 */
async function impersonationToken(): Promise<string> {
  if (impersonating) return impersonating;
  viewedEmail ??= (await registerUser(h.url, 'Viewed User')).email;
  const json = {
    'content-type': 'application/json',
    'x-forwarded-for': `10.9.${ipSeq >> 8}.${ipSeq++ & 255}`,
  };
  const login = await fetch(`${h.url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: OPERATOR_EMAIL, password: TEST_PASSWORD }),
  });
  const operator = (await login.json()) as { token: string };
  const res = await fetch(`${h.url}/api/admin/impersonate`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${operator.token}` },
    body: JSON.stringify({ email: viewedEmail }),
  });
  if (res.status !== 200) throw new Error(`impersonation failed: ${res.status} ${await res.text()}`);
  impersonating = ((await res.json()) as { token: string }).token;
  return impersonating;
}

/**
 * The token a case is sent with: user A's, except where a role is needed (refused with 403
 * before the input is read), so the input's handling is reached: the admin's on the operator's
 * and blog managers' routes, an impersonation session on the impersonation-only route; and on
 * routes that end the caller's own account a throwaway user, made again once a case ended it.
 */
async function tokenFor(route: RouteEntry): Promise<string> {
  const access = ROUTE_RULES[routeKey(route)]?.access;
  if (access === 'admin') return f.admin.token;
  if (access === 'impersonation') return impersonationToken();
  if (access !== 'self') return f.a.token;
  doomed ??= (await registerUser(h.url, 'Doomed User')).token;
  return doomed;
}
function spent(route: RouteEntry, res: RawAnswer): void {
  const access = ROUTE_RULES[routeKey(route)]?.access;
  if (access === 'self' && res.status < 300) doomed = undefined;
  if (access === 'impersonation' && res.status < 300) impersonating = undefined;
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Only what HTTP allows in a header value (Node refuses to send the rest). */
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e]/g, '').slice(0, 2000);

function caseArb(route: RouteEntry) {
  const example = exampleOf(route);
  const params = Object.fromEntries(
    paramNames(route.url).map((name) => {
      const valid = example.params?.[name] ?? defaultParams(route.url)[name]!;
      return [
        name,
        fc.oneof(
          fc.constant(encodeURIComponent(valid)),
          fc.constantFrom(...RAW_PATH_PARTS),
          nastyString.map((s) => encodePart(s.slice(0, 1000))),
        ),
      ];
    }),
  );
  const body = fc.oneof(
    { weight: 4, arbitrary: mutations.map((ops) => JSON.stringify(mutate(example.body ?? {}, ops))) },
    { weight: 2, arbitrary: poisoned(example.body ?? {}).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: jsonish.map((v) => JSON.stringify(v) ?? '') },
    { weight: 2, arbitrary: nastyRawBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.record({
    params: fc.record(params),
    query: queryString,
    body: hasBody(route.method) ? body : fc.option(body, { freq: 5 }),
    contentType: fc.oneof(
      { weight: 5, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    ip: fc.ipV4(),
    cookie: fc.option(nastyString.map((v) => `refreshToken=${encodePart(v.slice(0, 2000))}`)),
    lastEventId: fc.option(nastyString.map(headerSafe)),
  });
}

type Case = ReturnType<typeof caseArb> extends fc.Arbitrary<infer C> ? C : never;

function toRequest(route: RouteEntry, c: Case, token: string): RawRequest {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => c.params[name]!) + c.query;
  const headers: Record<string, string> = { 'x-forwarded-for': c.ip };
  if (c.cookie !== null) headers.cookie = c.cookie;
  if (c.lastEventId !== null) headers['last-event-id'] = c.lastEventId;
  if (!route.public) headers.authorization = `Bearer ${token}`;
  if (c.body !== undefined && c.body !== null) {
    if (c.contentType) headers['content-type'] = c.contentType;
    return { method: route.method, path, headers, body: c.body };
  }
  return { method: route.method, path, headers };
}

function expectSound(res: RawAnswer, req: RawRequest): void {
  const what = `${req.method} ${req.path.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
    const body = res.json as Partial<ApiErrorBody>;
    expect(typeof body?.message === 'string' && body.message.length > 0, what).toBe(true);
    expect(ERROR_CODES, what).toContain(body.code);
  }
}

describe(`fuzz every route (seed ${seed}; replay with FUZZ_SEED=${seed})`, () => {
  it('covers the whole route table', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))('%s', async (_key, route) => {
    await fc.assert(
      fc.asyncProperty(caseArb(route), async (c) => {
        const req = toRequest(route, c, await tokenFor(route));
        const res = await rawRequest(h.url, req);
        spent(route, res);
        expectSound(res, req);
      }),
      { seed, numRuns: RUNS, endOnFailure: true },
    );
    // Still up, and still serving the signed-in user.
    const alive = await rawRequest(h.url, {
      method: 'GET',
      path: '/api/user',
      headers: { authorization: `Bearer ${f.a.token}` },
    });
    expect(alive.status).toBe(200);
  });
});

/** The route's path with the example's params (or plausible ones), encoded. */
function examplePath(route: RouteEntry, example: RequestSpec): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) =>
    encodeURIComponent(example.params?.[n] ?? defaultParams(route.url)[n]!),
  );
}

let ipSeq = 0;
/** The route's example request with another body / query / path; its own client address each. */
async function sendExample(
  route: RouteEntry,
  parts: { body?: string; contentType?: string; query?: string; path?: string },
): Promise<RawAnswer> {
  const example = exampleOf(route);
  const headers: Record<string, string> = { 'x-forwarded-for': `10.7.${ipSeq >> 8}.${ipSeq++ & 255}` };
  if (!route.public) headers.authorization = `Bearer ${await tokenFor(route)}`;
  if (parts.body !== undefined) headers['content-type'] = parts.contentType ?? 'application/json';
  const query = example.query ? `?${new URLSearchParams(example.query).toString()}` : '';
  const res = await rawRequest(h.url, {
    method: route.method,
    path: (parts.path ?? examplePath(route, example)) + (parts.query ?? query),
    headers,
    ...(parts.body === undefined ? {} : { body: parts.body }),
  });
  spent(route, res);
  return res;
}

/** A 400 validation_error whose message and first issue name the field. */
function expectRefusedField(res: RawAnswer, field: string, what: string): void {
  expectSound(res, { method: what, path: '' });
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 300)}`).toBe(400);
  const err = res.json as ApiErrorBody;
  expect(err.code, what).toBe('validation_error');
  expect(err.issues?.[0]?.path, what).toBe(field);
  expect(err.message, what).toContain(field);
  expect(err.message, what).toMatch(/NUL|surrogate/);
}

describe('strings PostgreSQL cannot store (NUL, lone surrogates) are refused on every route', () => {
  it.each(routes.map((r) => [routeKey(r), r] as const))('%s', async (_key, route) => {
    const example = exampleOf(route);
    // Every string field of the route's valid body, one at a time, and an extra key.
    if (hasBody(route.method)) {
      const body = example.body ?? {};
      for (const at of stringPaths(body)) {
        for (const bad of UNSTORABLE_STRINGS) {
          const res = await sendExample(route, { body: JSON.stringify(replaceAt(body, at, bad)) });
          expectRefusedField(res, at.join('.'), `body ${at.join('.')}=${JSON.stringify(bad)}`);
        }
      }
      const extra = JSON.stringify({ ...(body as object), note: 'a\u0000b' });
      expectRefusedField(await sendExample(route, { body: extra }), 'note', 'extra field');
    }
    // Every query value the route reads (and one it does not), decoding to NUL or to non-UTF-8.
    for (const key of [...Object.keys(example.query ?? {}), 'q', 'lastEventId']) {
      for (const bad of UNSTORABLE_QUERY_VALUES) {
        const res = await sendExample(route, { query: `?${key}=${bad}` });
        const what = `query ${key}=${bad}`;
        if (bad.includes('%00')) expectRefusedField(res, `query.${key}`, what);
        else expectSound(res, { method: what, path: '' });
      }
    }
    // Every path parameter.
    for (const name of paramNames(route.url)) {
      const params = { ...defaultParams(route.url), ...example.params, [name]: 'a%00b' };
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) =>
        n === name ? params[n]! : encodeURIComponent(params[n]!),
      );
      expectSound(await sendExample(route, { path }), { method: `param ${name}`, path });
    }
  });
});

describe('malformed bodies get a clear 4xx on every route that takes one', () => {
  const bodyRoutes = routes.filter((r) => hasBody(r.method));
  it.each(bodyRoutes.map((r) => [routeKey(r), r] as const))('%s', async (_key, route) => {
    const cases: [contentType: string, body: string, status: number, code: string, message: RegExp][] = [
      ['application/json', '{"text": ', 400, 'validation_error', /not valid JSON/],
      ['application/json', '{"a":1}{"b":2}', 400, 'validation_error', /not valid JSON/],
      ['application/json', '{"__proto__":{"polluted":true}}', 400, 'validation_error', /"__proto__"/],
      [
        'application/json',
        '{"constructor":{"prototype":{"polluted":true}}}',
        400,
        'validation_error',
        /"constructor"/,
      ],
      ['application/json; charset=utf-16', '{}', 415, 'unsupported_media_type', /UTF-8/],
      ['text/plain', 'hello', 415, 'unsupported_media_type', /text\/plain/],
      ['application/x-www-form-urlencoded', 'a=1&b=2', 415, 'unsupported_media_type', /application\/json/],
      // A route that takes files reads multipart itself: an upload without its file part is a 400.
      MULTIPART.has(routeKey(route))
        ? ['multipart/form-data; boundary=xyz', '--xyz--', 400, 'validation_error', /file|field/]
        : [
            'multipart/form-data; boundary=xyz',
            '--xyz--',
            415,
            'unsupported_media_type',
            /application\/json/,
          ],
      ['application/xml', '<a/>', 415, 'unsupported_media_type', /application\/json/],
    ];
    for (const [contentType, body, status, code, message] of cases) {
      const res = await sendExample(route, { body, contentType });
      const what = `${contentType} ${body} → ${res.status} ${res.text}`;
      expect(res.status, what).toBe(status);
      const err = res.json as ApiErrorBody;
      expect(err.code, what).toBe(code);
      expect(err.message, what).toMatch(message);
      expect(err.message, what).not.toMatch(/com_/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  // Many HTTP clients send `Content-Type: application/json` with an empty body on a POST that
  // takes none: that is the same request as no body at all. A route that needs a body says so.
  it.each(bodyRoutes.map((r) => [routeKey(r), r] as const))('%s: an empty JSON body', async (_key, route) => {
    const empty = await sendExample(route, { body: '' });
    const what = `empty body → ${empty.status} ${empty.text}`;
    if (exampleOf(route).body === undefined) {
      const none = await sendExample(route, {});
      expect(empty.status, what).toBe(none.status);
      expect(empty.status, what).not.toBe(400);
    } else {
      expect(empty.status, what).toBe(400);
      expect((empty.json as ApiErrorBody).code, what).toBe('validation_error');
      expect((empty.json as ApiErrorBody).message, what).toMatch(/JSON body is required/);
    }
  });
});
