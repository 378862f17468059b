import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ROUTE_LIST,
  routeKeyOf,
  type ApiErrorBody,
  type Conversation,
  type Message,
} from '@chat/contract';
import { startChatApp } from '../support/chat-harness.js';
import { startTestStripe } from '../support/stripe.js';
import { registerUser } from '../support/harness.js';
import { send, type Answer, type RequestSpec } from './client.js';
import { buildFixture, OPERATOR_EMAIL, stopRunning, type SecurityFixture } from './fixture.js';
import { ROUTE_RULES, type RouteRule } from './route-rules.js';
import { defaultParams, fillPath, headTwins, outsideApi, routeKey, testedRoutes } from './route-table.js';
import { forgedAuthorizations } from './forged-tokens.js';

/**
 * The authorization matrix: every route of the real app (its route table, so a new route joins
 * without anyone remembering) against the rules in route-rules.ts. The app serves a (tiny) built
 * client too, so the routes outside /api are in the table and checked.
 */
const webDist = mkdtempSync(join(tmpdir(), 'authz-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
// Stripe (the fake) without the paywall: the payment routes answer, sends need no subscription.
const stripe = await startTestStripe(false);
const h = await startChatApp(
  {
    adminEmail: OPERATOR_EMAIL,
    billing: stripe.billing,
    // The social-media bonus on, so its routes answer (claimed once per platform).
    socialBonus: { tokens: 100, platforms: ['x', 'reddit'] },
    // Memory on (librechat.yaml's block), so its routes answer.
    memory: { charLimit: 10_000, personalize: true, messageWindowSize: 5 },
  },
  { webDist },
);
const routes = testedRoutes(h.app);
const ruled = routes.flatMap((r) => {
  const rule = ROUTE_RULES[routeKey(r)];
  return rule ? [{ route: r, key: routeKey(r), rule }] : [];
});
/** The contract's row of each route, by `METHOD /pattern`. */
const tableRows = new Map(API_ROUTE_LIST.map((r) => [routeKeyOf(r), r] as const));

/** A JSON success answer must match the reply schema of the route's row in the contract. */
const expectReplyMatchesTable = (key: string, res: Answer) => {
  const row = tableRows.get(key);
  expect(row, `${key} has no row in the contract's route table`).toBeDefined();
  if (res.status === 204) expect(res.text, `${key}: a 204 has no body`).toBe('');
  if (!row || res.status >= 300 || res.status === 204 || row.stream) return;
  const parsed = row.response.safeParse(res.json);
  expect(parsed.success ? [] : parsed.error.issues, `${key}: the reply matches its schema`).toEqual([]);
};

/**
 * No API answer may be kept by a browser's or a proxy's cache: tokens, profiles and every other
 * per-user answer would outlive the session on a shared computer. (The only exceptions, public
 * images under random names, are successes these probes never get.)
 */
const expectNotStored = (key: string, res: Answer) => {
  expect(res.cacheControl, `${key} answered ${res.status} with Cache-Control`).toBe(
    res.contentType.startsWith('text/event-stream') ? 'no-store, no-transform' : 'no-store',
  );
};

const withAccess = <A extends RouteRule['access']>(access: A) =>
  ruled.flatMap((x) =>
    x.rule.access === access ? [{ ...x, rule: x.rule as RouteRule & { access: A } }] : [],
  );

let f: SecurityFixture;
beforeAll(async () => {
  f = await buildFixture(h);
});
afterAll(async () => {
  if (f) await stopRunning(h, f);
  await h.close();
  await stripe.fake.close();
  rmSync(webDist, { recursive: true, force: true });
});

const expectNotFound = (res: Answer, what: string) => {
  expect(res.status, `${what}: ${res.text}`).toBe(404);
  expect((res.json as ApiErrorBody).code).toBe('not_found');
};

describe('the route table', () => {
  it('has a rule for every route, and a route for every rule', () => {
    const keys = new Set(routes.map(routeKey));
    const missing = [...keys].filter((k) => !ROUTE_RULES[k]);
    const stale = Object.keys(ROUTE_RULES).filter((k) => !keys.has(k));
    expect(missing, 'routes without a row in security/route-rules.ts').toEqual([]);
    expect(stale, 'rows in security/route-rules.ts whose route no longer exists').toEqual([]);
  });

  it("registers exactly the contract's route table, each route public as its row says", () => {
    const registered = routes.map((r) => `${routeKey(r)}${r.public ? ' (public)' : ''}`).sort();
    const table = [...tableRows].map(([key, row]) => `${key}${row.public ? ' (public)' : ''}`).sort();
    expect(registered).toEqual(table);
  });

  it('marks exactly the routes registered with config.public as public', () => {
    const wrong = ruled.filter((x) => (x.rule.access === 'public') !== x.route.public).map((x) => x.key);
    expect(wrong).toEqual([]);
  });

  it('has, outside /api, only GET/HEAD routes besides the form-posted sign-in callback', () => {
    const outside = outsideApi(h.app);
    expect(outside.map(routeKey)).toContain('GET /*');
    // Apple and SAML post their answer as a form (features/oauth): the one POST outside /api, the
    // only route taking a form body, 404 for every other provider and while social login is off.
    expect(outside.filter((r) => r.method !== 'GET' && r.method !== 'HEAD').map(routeKey)).toEqual([
      'POST /oauth/:provider/callback',
    ]);
    // Besides the client's files and its fallback, the only patterns are /oauth/:provider and its
    // callback (features/oauth), which sign no one in without a provider's answer; here (social
    // login off) they are 404; and /share/:shareId (features/share), a snapshot its owner made public.
    const patterns = new Set(outside.filter((r) => r.url.includes(':')).map((r) => r.url));
    expect([...patterns].sort()).toEqual([
      '/oauth/:provider',
      '/oauth/:provider/callback',
      '/share/:shareId',
    ]);
    // The fixed paths: the client's index.html and fallback, the blog's documents for crawlers
    // (features/blog: built from Approved posts only, nothing of anyone's account), and the
    // load balancer's probes (features/health: a status and the names of the checks only), and the
    // artifact preview frame's page (features/artifacts: a fixed document, nothing of anyone's).
    const fixed = outside.filter((r) => !r.url.includes(':') && r.method === 'GET').map((r) => r.url);
    expect([...new Set(fixed)].sort()).toEqual([
      '/*',
      '/artifacts/sandbox.html',
      '/blog/rss.xml',
      '/health',
      '/index.html',
      '/ready',
      '/robots.txt',
      '/sitemap.xml',
    ]);
  });

  it('serves the blog documents for crawlers without a token', async () => {
    for (const path of ['/sitemap.xml', '/robots.txt', '/blog/rss.xml']) {
      const res = await fetch(`${h.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^(application\/(rss\+)?xml|text\/plain)/);
    }
  });

  it('serves the probes without a token, with nothing but a status and the checks', async () => {
    const health = await fetch(`${h.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${h.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', draining: false } });
  });

  it('answers 404 for social sign-in while it is off', async () => {
    for (const path of ['/oauth/github', '/oauth/openid/callback?code=x&state=y', '/oauth/saml']) {
      const res = await fetch(`${h.url}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(404);
    }
    const posted = await fetch(`${h.url}/oauth/saml/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'SAMLResponse=x&RelayState=y',
      redirect: 'manual',
    });
    expect(posted.status).toBe(404);
  });

  it('does not serve the client for /api paths through the SPA fallback', async () => {
    for (const path of ['/api/nope', '/api', '/api?x=1']) {
      const res = await fetch(`${h.url}${path}`);
      expect([401, 404], path).toContain(res.status);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
    }
  });
});

describe('without a valid token or a live session, every guarded route answers 401 (403 for a deleted account)', () => {
  const guarded = [...routes.filter((r) => !r.public), ...headTwins(h.app).filter((r) => !r.public)];
  it.each(guarded.map((r) => [routeKey(r), r] as const))('%s', async (_key, route) => {
    const variants = { ...(await forgedAuthorizations({ token: f.a.token, userId: f.a.id })), ...f.ended };
    for (const [name, authorization] of Object.entries(variants)) {
      const res = await fetch(`${h.url}${fillPath(route.url, defaultParams(route.url))}`, {
        method: route.method,
        headers: authorization === undefined ? {} : { authorization },
      });
      // A deleted account's token (validly signed: the account existed) is told so, so the client
      // takes the deleted-account path; every other ended session is a 401.
      const deleted = name.includes('deleted');
      expect(res.status, `${name}`).toBe(deleted ? 403 : 401);
      if (route.method !== 'HEAD') {
        const body = (await res.json()) as ApiErrorBody;
        expect(deleted ? ['account_deleted'] : ['unauthorized', 'token_expired'], name).toContain(body.code);
      }
    }
  });
});

describe('public routes answer an anonymous request as documented', () => {
  it.each(withAccess('public').map((x) => [x.key, x] as const))('%s', async (_key, { route, rule }) => {
    const { status, ...spec } = rule.anonymous;
    const res = await send(h.url, route.method, route.url, { params: defaultParams(route.url), ...spec });
    expect(res.status, res.text).toBe(status);
    expectNotStored(routeKey(route), res);
    expectReplyMatchesTable(routeKey(route), res);
  });
});

describe('signed-in routes that name no one else’s data answer any user', () => {
  it.each(withAccess('user').map((x) => [x.key, x] as const))('%s', async (_key, { route, rule }) => {
    // The row's example where the route needs input (a query, a body), else the plain route.
    const request = rule.example?.(f) ?? { params: defaultParams(route.url) };
    const res = await send(h.url, route.method, route.url, request, f.b.token);
    if (rule.answers) expect(rule.answers, res.text).toContain(res.status);
    else expect(res.status, res.text).toBeLessThan(300);
    expectNotStored(routeKey(route), res);
    expectReplyMatchesTable(routeKey(route), res);
  });
});

describe("routes that end the caller's own account end only theirs", () => {
  it.each(withAccess('self').map((x) => [x.key, x] as const))('%s', async (_key, { route, rule }) => {
    const doomed = await registerUser(h.url, 'Doomed User');
    const res = await send(h.url, route.method, route.url, rule.example(f), doomed.token);
    expect(res.status, res.text).toBeLessThan(300);
    expectNotStored(routeKey(route), res);
    expectReplyMatchesTable(routeKey(route), res);
    // Signed out everywhere: 401; the account deleted: 403 account_deleted.
    expect([401, 403]).toContain((await send(h.url, 'GET', '/api/user', {}, doomed.token)).status);
    for (const other of [f.a, f.b, f.admin]) {
      expect((await send(h.url, 'GET', '/api/user', {}, other.token)).status).toBe(200);
    }
  });
});

describe("user B on user A's resources gets 404", () => {
  it.each(withAccess('owner').map((x) => [x.key, x] as const))('%s', async (_key, { route, rule }) => {
    const res = await send(h.url, route.method, route.url, rule.probe(f), f.b.token);
    expectNotFound(res, 'as B');
    expectNotStored(routeKey(route), res);
  });
});

describe("lists and searches show user B nothing of user A's", () => {
  it.each(withAccess('list').map((x) => [x.key, x] as const))('%s', async (_key, { route, rule }) => {
    const res = await send(h.url, route.method, route.url, rule.probe(f), f.b.token);
    expect(res.status, res.text).toBeLessThan(300);
    expectNotStored(routeKey(route), res);
    for (const secret of [f.marker, f.convoId, f.runningConvoId, f.userMessageId, f.presetId, f.a.id]) {
      expect(res.text).not.toContain(secret);
    }
  });
});

describe('admin routes answer a non-admin 403', () => {
  it('every admin row is a guarded route', () => {
    expect(withAccess('admin').filter((x) => x.route.public)).toEqual([]);
  });
  it.each(withAccess('admin').map((x) => [x.key, x] as const))('%s', async (_key, { route, rule }) => {
    const asUser = await send(h.url, route.method, route.url, rule.probe(f), f.b.token);
    expect(asUser.status, asUser.text).toBe(403);
    expect((asUser.json as ApiErrorBody).code).toBe('forbidden');
    const asAdmin = await send(h.url, route.method, route.url, rule.probe(f), f.admin.token);
    expect([401, 403]).not.toContain(asAdmin.status);
    expectNotStored(routeKey(route), asUser);
    expectNotStored(routeKey(route), asAdmin);
  });
});

describe('impersonation-only routes answer every other session 403', () => {
  it.each(withAccess('impersonation').map((x) => [x.key, x] as const))(
    '%s',
    async (_key, { route, rule }) => {
      const request = rule.example?.(f) ?? { params: defaultParams(route.url) };
      for (const token of [f.b.token, f.admin.token]) {
        const res = await send(h.url, route.method, route.url, request, token);
        expect(res.status, res.text).toBe(403);
        expect((res.json as ApiErrorBody).code).toBe('forbidden');
      }
    },
  );
});

/**
 * Requests a route must refuse whatever it would make of their input: a NUL in each path parameter
 * and in the query (input no route accepts), a body that is not JSON, a body of another type.
 */
const badInputs = (route: { method: string; url: string }): [string, RequestSpec][] => {
  const params = defaultParams(route.url);
  const names = Object.keys(params);
  const out: [string, RequestSpec][] = [
    ['a bad query', { params, query: { limit: 'many', skip: '-1', probe: 'bad\u0000' } }],
  ];
  if (names.length > 0) {
    out.push(['bad path parameters', { params: Object.fromEntries(names.map((n) => [n, 'bad\u0000'])) }]);
  }
  if (route.method !== 'GET' && route.method !== 'HEAD') {
    out.push(
      [
        'a body that is not JSON',
        { params, raw: '{"unclosed', headers: { 'content-type': 'application/json' } },
      ],
      ['a body of another type', { params, raw: 'x=1', headers: { 'content-type': 'text/plain' } }],
      ['a body of the wrong shape', { params, body: { email: 42, id: [], duration: 'forever' } }],
    );
  }
  return out;
};

describe('who may call a route is checked before its input: a caller without the role gets 401/403, never 400', () => {
  const roleRows = [...withAccess('admin'), ...withAccess('impersonation')];
  it('covers every route that needs a role', () => {
    expect(roleRows.length).toBeGreaterThan(10);
  });
  it.each(roleRows.map((x) => [x.key, x] as const))('%s', async (_key, { route, rule }) => {
    // A plain user is refused an admin route; the admin's own session an impersonation-only one.
    const callers =
      rule.access === 'admin'
        ? { 'a plain user': f.b.token }
        : { 'a user': f.b.token, 'the admin': f.admin.token };
    for (const [what, spec] of badInputs(route)) {
      for (const [who, token] of Object.entries(callers)) {
        const res = await send(h.url, route.method, route.url, spec, token);
        expect(res.status, `${who}, ${what}: ${res.text}`).toBe(403);
        expect((res.json as ApiErrorBody).code).toBe('forbidden');
      }
    }
  });
  it.each(routes.filter((r) => !r.public).map((r) => [routeKey(r), r] as const))(
    '%s without a token',
    async (_key, route) => {
      for (const [what, spec] of badInputs(route)) {
        const res = await send(h.url, route.method, route.url, spec);
        expect(res.status, `${what}: ${res.text}`).toBe(401);
      }
    },
  );
});

describe("user A's data after B's attempts", () => {
  it('is intact: title, messages, and the running reply', async () => {
    const convo = await send(h.url, 'GET', '/api/convos/:id', { params: { id: f.convoId } }, f.a.token);
    expect(convo.status).toBe(200);
    expect((convo.json as Conversation).title).toBe(f.title);
    const messages = await send(
      h.url,
      'GET',
      '/api/messages/:conversationId',
      { params: { conversationId: f.convoId } },
      f.a.token,
    );
    expect((messages.json as Message[]).map((m) => m.text)).toEqual(f.texts);
    const stream = await send(
      h.url,
      'GET',
      '/api/ask/stream/:conversationId',
      { params: { conversationId: f.runningConvoId } },
      f.a.token,
    );
    expect(stream.status).toBe(200);
    const assistant = await send(
      h.url,
      'GET',
      '/api/assistants/:id',
      { params: { id: f.assistantId } },
      f.a.token,
    );
    expect(assistant.status).toBe(200);
    expect((assistant.json as { description: string | null }).description).not.toBe('Changed by someone');
  });
});

describe('user A on the same requests gets the documented answer (the probes are real)', () => {
  const rows = withAccess('owner').filter((x) => x.rule.ownerStatus !== undefined);
  it.each(rows.map((x) => [x.key, x] as const))('%s', async (_key, { route, rule }) => {
    const res = await send(h.url, route.method, route.url, rule.probe(f), f.a.token, {
      readStream: route.method !== 'GET',
    });
    expect(res.status, res.text).toBe(rule.ownerStatus);
    expectNotStored(routeKey(route), res);
    expectReplyMatchesTable(routeKey(route), res);
  });

  it.each(withAccess('list').map((x) => [x.key, x] as const))('%s shows A its own data', async (_key, x) => {
    const res = await send(h.url, x.route.method, x.route.url, x.rule.probe(f), f.a.token);
    expect(res.status, res.text).toBeLessThan(300);
    expect(res.text.includes(f.marker) || res.text.includes(f.convoId), res.text).toBe(true);
    expectNotStored(x.key, res);
    expectReplyMatchesTable(x.key, res);
  });

  it('stops the running reply with the abort probe (teardown)', async () => {
    expect(await stopRunning(h, f)).toBe(200);
  });
});
