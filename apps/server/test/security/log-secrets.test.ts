import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { isFinalEvent } from '@chat/contract';
import { buildApp, type App } from '../../src/app.js';
import { testAppConfig } from '../support/app-config.js';
import { hashToken } from '../../src/platform/session-tokens.js';
import { askBody, byokEndpoint, fakeEndpoint } from '../support/chat-harness.js';
import { openTestDatabase, type TestDatabase } from '../support/database.js';
import { authed, refreshCookieOf, registerUser } from '../support/harness.js';
import { postSse } from '../support/sse-client.js';

/**
 * No log line carries a password, a password hash, a token, a key or message content, whichever
 * class of error is logged. A real app (real database, real HTTP, the fake upstream over its wire
 * protocol) logs at `trace` into a captured stream while each error class is provoked for real:
 * the database refusing a row (CHECK constraints added to this test's database refuse any row
 * carrying REFUSE), validation errors, authentication failures, upstream errors, an unhandled
 * exception. Then every captured line is searched for every secret used.
 */
const REFUSE = 'REFUSEME';
const apiKey = `sk-logtest-${randomUUID()}`;
const secret = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;
const secrets: string[] = [apiKey];
const keep = (s: string) => (secrets.push(s), s);

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let database: TestDatabase;
let fake: FakeOpenAIServer;
let app: App;
let url: string;

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeOpenAI();
  app = await buildApp({
    config: testAppConfig({
      endpoints: [
        { ...fakeEndpoint(fake), apiKey },
        byokEndpoint(fake),
        { ...byokEndpoint(fake), name: 'byokurl', baseURL: undefined, userProvideURL: true },
      ],
    }),
    db: database.db,
    logger: { level: 'trace', stream },
  });
  // A handler that fails the way a library error does: secrets in its message and its fields.
  app.get('/api/test/throws', async () => {
    throw Object.assign(new Error(`request failed with ${apiKey}`), {
      config: { headers: { Authorization: `Bearer ${apiKey}` } },
      body: { password: 'throws-secret' },
    });
  });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  for (const table of ['users', 'conversations', 'messages']) {
    const column = { users: 'name', conversations: 'title', messages: 'text' }[table]!;
    await database.db.execute(
      sql.raw(
        `ALTER TABLE ${table} ADD CONSTRAINT log_test_refuse_${table} CHECK (position('${REFUSE}' in ${column}) = 0)`,
      ),
    );
  }
});
afterAll(async () => {
  await app?.close();
  await app?.lifecycle.drain();
  await fake?.close();
  await database?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

it('keeps passwords, hashes, tokens, keys and message content out of every log line', async () => {
  // The database refuses a registration: the insert carried the password's hash.
  const refusedPassword = keep(secret('refused-password'));
  const refused = await post('/api/auth/register', {
    name: `Refused ${REFUSE}`,
    email: `${secret('refused')}@example.com`,
    password: refusedPassword,
    confirm_password: refusedPassword,
  });
  expect(refused.status).toBe(500);

  const user = await registerUser(url);
  keep(user.password);
  keep(user.token);
  keep(user.cookie.split('=')[1]!);
  keep(hashToken(user.cookie.split('=')[1]!));
  const api = authed(url, user.token);

  // The database refuses the user's message. The model is asked while the turn is written, so
  // this send reaches the fake too: its own (empty) directive keeps it off the fake's queue, which
  // holds the next send's reply.
  const refusedText = keep(secret('user-text'));
  const ask1 = await postSse(
    `${url}/api/ask/openAI`,
    user.token,
    askBody({ text: `${refusedText} ${REFUSE} [[fake]]` }),
  );
  expect(ask1.status).toBe(500);

  // The database refuses the reply (flushed while it streams, then saved at the end).
  const refusedReply = keep(secret('reply-text'));
  fake.enqueue({ reply: `${REFUSE} ${refusedReply} one two three four five six`, tokensPerSecond: 6 });
  const ask2 = await postSse(`${url}/api/ask/openAI`, user.token, askBody({ text: keep(secret('asked')) }));
  expect(ask2.status).toBe(200);

  // A reply that works (the conversation renamed and edited below).
  fake.enqueue({ reply: `${keep(secret('answer'))} is the answer` });
  const ask3 = await postSse(
    `${url}/api/ask/openAI`,
    user.token,
    askBody({ text: keep(secret('question')) }),
  );
  const final = ask3.events.map((e) => e.data).find(isFinalEvent);
  if (!final) throw new Error(`ask failed: ${ask3.status}`);

  // Upstream errors through the fake upstream: 500, 429, 401, and a malformed chunk mid-reply.
  for (const status of [500, 429, 401] as const) {
    fake.enqueue({ status });
    await postSse(`${url}/api/ask/openAI`, user.token, askBody({ text: keep(secret(`upstream-${status}`)) }));
  }
  fake.enqueue({ reply: `${keep(secret('malformed'))} a b c`, malformedAfterTokens: 2 });
  await postSse(`${url}/api/ask/openAI`, user.token, askBody({ text: keep(secret('broken')) }));

  // The database refuses a rename and an edit.
  const convoId = final.conversation.conversationId;
  const renamed = await api('/api/convos/update', {
    body: { arg: { conversationId: convoId, title: `${keep(secret('title'))} ${REFUSE}` } },
  });
  expect(renamed.status).toBe(500);
  const edited = await api(`/api/messages/${convoId}/${final.requestMessage.messageId}`, {
    method: 'PUT',
    body: { text: `${keep(secret('edit'))} ${REFUSE}` },
  });
  expect(edited.status).toBe(500);

  // A user's own key: saved, used upstream (which refuses it), and a malformed one refused.
  const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
  const userKey = keep(secret('sk-user-key'));
  expect(
    (await api('/api/keys', { method: 'PUT', body: { name: 'byok', value: userKey, expiresAt } })).status,
  ).toBe(200);
  fake.enqueue({ status: 401 });
  const byok = await postSse(`${url}/api/ask/byok`, user.token, {
    ...askBody({ text: keep(secret('byok-ask')) }),
    endpoint: 'byok',
  });
  expect(byok.events.length).toBeGreaterThan(0);
  const badValue = keep(secret('bad-key-value'));
  const badKey = await api('/api/keys', {
    method: 'PUT',
    body: { name: 'byokurl', value: `{"apiKey":"${badValue}"`, expiresAt },
  });
  expect(badKey.status).toBe(400);

  // What a person searches for is their content too, and it travels in the URL.
  const searched = keep(secret('searched'));
  expect((await api(`/api/search?q=${searched}`)).status).toBe(200);

  // Validation errors and authentication failures.
  const badPassword = keep(secret('validation-password'));
  expect((await post('/api/auth/register', { name: 'x', email: 'no', password: badPassword })).status).toBe(
    400,
  );
  const wrongPassword = keep(secret('wrong-password'));
  expect((await post('/api/auth/login', { email: user.email, password: wrongPassword })).status).toBe(401);
  const badToken = keep(`${user.token.slice(0, -6)}AAAAAA`);
  expect((await authed(url, badToken)('/api/user')).status).toBe(401);
  const badCookie = keep(secret('bad-refresh'));
  expect((await post('/api/auth/refresh', {}, { cookie: `refreshToken=${badCookie}` })).status).toBe(401);
  const rotated = await post('/api/auth/refresh', {}, { cookie: user.cookie });
  keep(refreshCookieOf(rotated).split('=')[1]!);
  keep(((await rotated.json()) as { token: string }).token);

  // An unhandled exception carrying secrets of its own.
  expect((await api('/api/test/throws')).status).toBe(500);
  secrets.push('throws-secret');

  const log = lines.join('\n');
  const leaks = lines.flatMap((line) => {
    const found = secrets.filter((s) => line.includes(s));
    for (const shape of ['$argon2', 'params:', '"params"', 'Failing row', 'requestBodyValues']) {
      if (line.includes(shape)) found.push(shape);
    }
    return found.length ? [`${found.join(', ')} in ${line.slice(0, 400)}`] : [];
  });
  expect(leaks).toEqual([]);

  // What the errors were is still there for an operator: SQLSTATE, constraint, table, query text.
  expect(log).toContain('log_test_refuse_users');
  expect(log).toContain('log_test_refuse_messages');
  expect(log).toContain('log_test_refuse_conversations');
  expect(log).toContain('23514');
  expect(log).toMatch(/insert into \\"users\\"/);
  expect(log).toContain('saving the replies so far failed');
  expect(log).toContain('saving the reply failed');
});
