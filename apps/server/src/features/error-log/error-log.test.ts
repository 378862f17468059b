import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import {
  ERROR_LOG_LIMITS,
  isFinalEvent,
  isErrorEvent,
  type ErrorEvent,
  type ErrorPage,
  type ErrorRecord,
} from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { askBody, chatUser, fakeEndpoint, waitFor } from '../../../test/support/chat-harness.js';
import { postSse, type SseResult } from '../../../test/support/sse-client.js';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';

/**
 * Every provider or server error that reaches a user is in the operator's error log, found by its
 * code (pages of 20 with the total) or its id, with no secret in it; nobody else may read it.
 */
const OPERATOR = 'error-operator@example.com';
/** The key the app sends to the strict upstream: wrong, and quoted back by its 401. */
const CONFIGURED_KEY = 'configured-upstream-secret-7d9f2c';
/** A route of this test's own whose error carries secrets (a 5xx). */
const FAILING_PATH = '/api/test-only/explode';

const failingModule: FeatureModule = {
  name: 'test-failing-route',
  register({ app }) {
    app.get(FAILING_PATH, async () => {
      throw new Error(
        `Database said no; retried with Authorization: Bearer abc.def.ghi and ${CONFIGURED_KEY} ` +
          'at https://upstream.example.com/v1?key=AIzaSyTopSecret1234567890abcdef',
      );
    });
  },
};

let h: Harness;
let fake: FakeOpenAIServer;
let strict: FakeOpenAIServer;
let operator: ReturnType<typeof authed>;
let user: Awaited<ReturnType<typeof chatUser>>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  strict = await startFakeOpenAI({ apiKey: 'the-right-key-only-upstream-knows' });
  h = await startTestApp(
    {
      adminEmail: OPERATOR,
      titleConvo: false,
      endpoints: [
        fakeEndpoint(fake),
        { ...fakeEndpoint(strict), name: 'strict', type: 'custom', apiKey: CONFIGURED_KEY },
      ],
    },
    { extraModules: [failingModule] },
  );
  operator = authed(h.url, (await registerUser(h.url, 'Operator', OPERATOR)).token);
  user = await chatUser(h, 'Error Maker');
});
afterAll(async () => {
  await h.close();
  await fake.close();
  await strict.close();
});

async function json<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const byCode = (code: string, skip = 0, limit: number = ERROR_LOG_LIMITS.pageSize) =>
  operator(`/api/admin/getErrorsByCode/${encodeURIComponent(code)}?limit=${limit}&skip=${skip}`);
const page = async (code: string, skip = 0) => json<ErrorPage>(await byCode(code, skip));

async function waitForTotal(code: string, total: number): Promise<ErrorPage> {
  let last: ErrorPage = { errors: [], total: 0 };
  await waitFor(async () => {
    last = await page(code);
    return last.total >= total;
  });
  return last;
}

const errorEventOf = (r: SseResult): ErrorEvent => {
  const last = r.events.at(-1)!.data;
  expect(isErrorEvent(last)).toBe(true);
  return last as ErrorEvent;
};

describe('the error log', () => {
  it('is empty at first', async () => {
    expect(await json<ErrorPage>(await operator('/api/admin/getRecentErrors'))).toEqual({
      errors: [],
      total: 0,
    });
  });

  it('keeps a provider failure with every field, the echoed key and secrets of the input redacted', async () => {
    const input = 'Summarise this, my own key is sk-proj-userSecret1234567890 and token=hunter2hunter2';
    const r = await postSse(
      `${h.url}/api/ask/strict`,
      user.user.token,
      askBody({ text: input, endpoint: 'strict' }),
    );
    expect(r.status, JSON.stringify(r)).toBe(200);
    const err = errorEventOf(r);
    expect(err.code).toBe('upstream_auth');
    // Nor does the user see the server's key the upstream quoted.
    expect(err.message).toContain('Incorrect API key provided: [Redacted]');
    expect(JSON.stringify(r.events)).not.toContain(CONFIGURED_KEY);

    const { errors, total } = await waitForTotal('upstream_auth', 1);
    expect(total).toBe(1);
    const record = errors[0]!;
    expect(record).toMatchObject({
      errorCode: 'upstream_auth',
      errorType: 'provider',
      userEmail: user.user.email,
      endpoint: 'strict',
      model: 'gpt-4o-mini',
      conversationId: err.conversation!.conversationId,
      messageId: err.responseMessage!.messageId,
      route: null,
    });
    expect(record.errorMessage).toMatch(
      /^The provider rejected the API key \(401\): Incorrect API key provided: \[Redacted\]/,
    );
    expect(record.text).toContain('Summarise this, my own key is [Redacted]');
    expect(record.text).toContain('token=[Redacted]');
    const everything = JSON.stringify(record);
    for (const secret of [CONFIGURED_KEY, 'sk-proj-userSecret1234567890', 'hunter2hunter2']) {
      expect(everything).not.toContain(secret);
    }

    // Details by id: the same record; an unknown id is a 404.
    expect(await json<ErrorRecord>(await operator(`/api/admin/getErrorById/${record.errorId}`))).toEqual(
      record,
    );
    const missing = await operator('/api/admin/getErrorById/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('finds a code by pages of 20, newest first, with the total', async () => {
    const asked: string[] = [];
    for (let i = 0; i < 21; i++) {
      const text = `Try ${i} [[fake status=503]]`;
      errorEventOf(await user.ask({ text }));
      asked.push(text);
    }
    await waitForTotal('upstream_unavailable', 21);
    const first = await page('upstream_unavailable');
    expect(first.total).toBe(21);
    expect(first.errors).toHaveLength(20);
    expect(first.errors.map((e) => e.text)).toEqual(asked.slice(1).reverse());
    const second = await page('upstream_unavailable', 20);
    expect(second).toMatchObject({ total: 21, errors: [{ text: asked[0] }] });
    expect(new Set([...first.errors, ...second.errors].map((e) => e.errorId)).size).toBe(21);
    // Other codes are not in it; a code nobody hit has none.
    expect(first.errors.every((e) => e.errorCode === 'upstream_unavailable')).toBe(true);
    expect(await page('no_such_code')).toEqual({ errors: [], total: 0 });

    // The recent list has every code, newest first.
    const recent = await json<ErrorPage>(await operator('/api/admin/getRecentErrors?limit=5&skip=0'));
    expect(recent.total).toBe(22);
    expect(recent.errors.map((e) => e.text)).toEqual(asked.slice(-5).reverse());
  });

  it('keeps a 5xx with its route and stack, its secrets redacted', async () => {
    const res = await user.api(FAILING_PATH);
    expect(res.status).toBe(500);
    const { errors } = await waitForTotal('internal', 1);
    const record = errors[0]!;
    expect(record).toMatchObject({
      errorCode: 'internal',
      errorType: 'Error',
      route: `GET ${FAILING_PATH}`,
      userEmail: user.user.email,
      endpoint: null,
      text: null,
    });
    expect(record.errorMessage).toContain('Database said no');
    expect(record.errorStack).toMatch(/\n\s+at /);
    const everything = JSON.stringify(record);
    for (const secret of [CONFIGURED_KEY, 'abc.def.ghi', 'AIzaSyTopSecret1234567890abcdef']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('is the operator’s only: 403 for any other user on every route, 401 without a token', async () => {
    const someone = authed(h.url, (await registerUser(h.url, 'Curious')).token);
    const { errors } = await page('upstream_auth');
    const paths = [
      `/api/admin/getErrorById/${errors[0]!.errorId}`,
      '/api/admin/getRecentErrors?limit=20&skip=0',
      '/api/admin/getErrorsByCode/upstream_auth?limit=20&skip=0',
    ];
    for (const path of paths) {
      expect((await someone(path)).status).toBe(403);
      expect((await user.api(path)).status).toBe(403);
      expect((await fetch(`${h.url}${path}`)).status).toBe(401);
      expect((await operator(path)).status).toBe(200);
    }
  });

  it('refuses a page past the limits', async () => {
    expect((await byCode('internal', 0, ERROR_LOG_LIMITS.maxPageSize + 1)).status).toBe(400);
    expect((await operator('/api/admin/getRecentErrors?skip=-1')).status).toBe(400);
  });

  it('never breaks the answer it logs: with the table gone, replies and 5xx answer as before', async () => {
    await h.database.db.execute(sql`ALTER TABLE error_logs RENAME TO error_logs_away`);
    try {
      const failed = errorEventOf(await user.ask({ text: 'Down [[fake status=503]]' }));
      expect(failed.code).toBe('upstream_unavailable');
      expect((await user.api(FAILING_PATH)).status).toBe(500);
      const fine = await user.ask({ text: 'Hello [[fake reply="all good"]]' });
      expect(isFinalEvent(fine.events.at(-1)!.data)).toBe(true);
    } finally {
      await h.database.db.execute(sql`ALTER TABLE error_logs_away RENAME TO error_logs`);
    }
  });
});
