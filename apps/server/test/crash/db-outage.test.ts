import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import {
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  isErrorEvent,
  isFinalEvent,
  type CreatedEvent,
} from '@chat/contract';
import { askBody, waitFor } from '../support/chat-harness.js';
import { authed, registerUser } from '../support/harness.js';
import { startPgCluster, type PgCluster } from '../support/pg-cluster.js';
import { deltasOf, postSse, type SseEvent } from '../support/sse-client.js';
import { killStarted, startServer, type ServerProcess } from './processes.js';

/**
 * PostgreSQL goes away under a running server and comes back (a cluster of the test's own, stopped
 * with `pg_ctl stop -m fast` and started again). The server process must stay up through it,
 * answer 503 service_unavailable with Retry-After meanwhile, keep the reply that ended during the
 * outage and save it whole exactly once when the database is back, and then serve as before
 * without a restart.
 */
let cluster: PgCluster;
let fake: FakeOpenAIServer;
let dataDir: string;
let server: ServerProcess;
let exited = false;

/** Counts the final saves of replies (an update that leaves an assistant row finished). */
const COUNT_FINAL_SAVES = `
  CREATE TABLE IF NOT EXISTS test_final_saves (message_id text NOT NULL);
  CREATE OR REPLACE FUNCTION test_count_final_save() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT NEW.is_created_by_user AND NOT NEW.unfinished THEN
        INSERT INTO test_final_saves VALUES (NEW.message_id);
      END IF;
      RETURN NEW;
    END $$;
  CREATE TRIGGER test_count_final_save AFTER UPDATE ON messages
    FOR EACH ROW EXECUTE FUNCTION test_count_final_save();`;

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  cluster = await startPgCluster();
  fake = await startFakeOpenAI();
  dataDir = mkdtempSync(join(tmpdir(), 'chat-outage-'));
  server = await startServer({ dataDir, databaseUrl: cluster.url, open: never, remove: never }, fake.url);
  void server.exited.then(() => (exited = true));
  await query(COUNT_FINAL_SAVES);
});
afterAll(async () => {
  killStarted();
  await fake?.close();
  await cluster?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

function never(): never {
  throw new Error('not used: the server process owns the store');
}

const REPLY = Array.from({ length: 30 }, (_, i) => `t${i}`).join(' ');

describe('a PostgreSQL outage', () => {
  it('keeps the process up, answers 503 with Retry-After, and saves the reply whole once it is back', async () => {
    const { token } = await registerUser(server.url, 'Outage Tester');
    const api = authed(server.url, token);
    const events: SseEvent[] = [];
    let stopping: Promise<void> | undefined;
    // 30 words at 10 a second: the database goes away after the first and the reply ends during
    // the outage.
    const streaming = postSse(
      `${server.url}/api/ask/openAI`,
      token,
      askBody({ text: `Outage [[fake reply="${REPLY}" tps=10]]` }),
      {
        onEvent: (e) => {
          events.push(e);
          if (!stopping && deltasOf([e]).length > 0) stopping = cluster.stop();
        },
      },
    );
    await waitFor(() => stopping !== undefined, 10_000);
    await stopping;

    // Meanwhile every route that needs the database answers 503 service_unavailable.
    for (const res of [
      await api('/api/convos'),
      await api('/api/ask/openAI', { body: askBody({ text: 'During [[fake reply="no"]]' }) }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(await res.json()).toMatchObject({ code: 'service_unavailable' });
    }

    // The reply ends (every word reached the client) and its save fails: the stream waits.
    await waitFor(() => deltasOf(events).join('') === REPLY, 10_000);
    await waitFor(() => server.output().includes('saving a reply failed; trying again'), 10_000);
    expect(events.some((e) => isFinalEvent(e.data) || isErrorEvent(e.data))).toBe(false);
    expect(exited).toBe(false);

    await cluster.start();
    const result = await streaming;
    const ends = result.events.filter((e) => isFinalEvent(e.data) || isErrorEvent(e.data));
    expect(ends).toHaveLength(1);
    expect(ends[0]!.data).toMatchObject({
      final: true,
      responseMessage: { text: REPLY, unfinished: false, error: false },
    });
    const created = result.events.find((e) => 'created' in e.data)!.data as CreatedEvent;

    const rows = await query<{ text: string; unfinished: boolean; error: boolean }>(
      'SELECT text, unfinished, error FROM messages WHERE message_id = $1',
      [created.responseMessageId],
    );
    expect(rows).toEqual([{ text: REPLY, unfinished: false, error: false }]);
    const saves = await query<{ message_id: string }>('SELECT message_id FROM test_final_saves');
    expect(saves).toEqual([{ message_id: created.responseMessageId }]);

    // Serving again without a restart.
    expect((await api('/api/convos')).status).toBe(200);
    const next = await postSse(
      `${server.url}/api/ask/openAI`,
      token,
      askBody({ text: 'After [[fake reply="back"]]' }),
    );
    expect(next.events.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: 'back' } });
    expect(exited).toBe(false);
    expect(server.pid).toBeGreaterThan(0);

    server.signal('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
