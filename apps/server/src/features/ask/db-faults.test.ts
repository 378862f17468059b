import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isErrorEvent, isFinalEvent, UNAVAILABLE_TEXTS, type StreamEvent } from '@chat/contract';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { deltasOf, type SseResult } from '../../../test/support/sse-client.js';

/**
 * A reply that ends while the database refuses its statements (PGlite by default; PostgreSQL with
 * TEST_DATABASE_URL). The fault is a real failing statement: a trigger on `messages` raises
 * disk_full (53100) on every update of a row while the test's switch is on, and counts each
 * refusal in a sequence (which a rolled-back transaction does not undo); the updates that went
 * through are counted in a table. The server must keep the finished reply, save it once the
 * database takes it again, exactly once, and serve every other request meanwhile.
 */
let h: ChatHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function installFault(app: ChatHarness): Promise<void> {
  const { db } = app.database;
  await db.execute(sql`CREATE TABLE test_fault (on_ boolean NOT NULL, saves int NOT NULL)`);
  await db.execute(sql`INSERT INTO test_fault VALUES (false, 0)`);
  await db.execute(sql`CREATE SEQUENCE test_fault_refused`);
  await db.execute(
    sql.raw(`CREATE FUNCTION test_fault_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT on_ FROM test_fault) AND NOT NEW.is_created_by_user THEN
          PERFORM nextval('test_fault_refused');
          RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100';
        END IF;
        RETURN NEW;
      END $$`),
  );
  await db.execute(
    sql.raw(`CREATE FUNCTION test_fault_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT NEW.is_created_by_user THEN UPDATE test_fault SET saves = saves + 1; END IF;
        RETURN NEW;
      END $$`),
  );
  await db.execute(
    sql`CREATE TRIGGER test_fault_refuse BEFORE UPDATE ON messages FOR EACH ROW EXECUTE FUNCTION test_fault_refuse()`,
  );
  await db.execute(
    sql`CREATE TRIGGER test_fault_count AFTER UPDATE ON messages FOR EACH ROW EXECUTE FUNCTION test_fault_count()`,
  );
}

async function faultState(app: ChatHarness) {
  const rows = await app.database.db.execute<{ saves: number; refused: string }>(
    sql`SELECT saves, (SELECT last_value FROM test_fault_refused)::text AS refused,
               (SELECT is_called FROM test_fault_refused) AS called FROM test_fault`,
  );
  const row = rows.rows[0] as { saves: number; refused: string; called: boolean };
  return { saves: row.saves, refused: row.called ? Number(row.refused) : 0 };
}

const setFault = (app: ChatHarness, on: boolean) =>
  app.database.db.execute(sql`UPDATE test_fault SET on_ = ${on}, saves = 0`);

const REPLY = Array.from({ length: 12 }, (_, i) => `w${i}`).join(' ');

/** Starts a slow reply, and turns the fault on once its first words arrived. */
async function replyDuringFault(app: ChatHarness) {
  const user = await chatUser(app, 'Fault Tester');
  const events: StreamEvent[] = [];
  let faulted: Promise<unknown> | undefined;
  const streaming: Promise<SseResult> = user.ask(
    { text: `Hello [[fake reply="${REPLY}" tps=40]]` },
    {
      onEvent: (e) => {
        events.push(e.data);
        if (!faulted && deltasOf([e]).length > 0) faulted = setFault(app, true);
      },
    },
  );
  await waitFor(() => faulted !== undefined);
  await faulted;
  return { user, events, streaming };
}

describe('a reply ending while the database refuses its statements', () => {
  it('is kept, the stream held open, and saved whole exactly once when the database takes it', async () => {
    h = await startChatApp();
    await installFault(h);
    const { user, events, streaming } = await replyDuringFault(h);

    // The final save was refused and is being tried again (at least twice): no end event yet.
    await waitFor(async () => (await faultState(h!)).refused >= 3, 10_000);
    expect(events.some((e) => isFinalEvent(e) || isErrorEvent(e))).toBe(false);
    // The server goes on serving meanwhile.
    expect((await user.api('/api/convos')).status).toBe(200);

    await setFault(h, false);
    const result = await streaming;
    const last = result.events.at(-1)!.data;
    expect(isFinalEvent(last)).toBe(true);
    expect(last).toMatchObject({
      final: true,
      responseMessage: { text: REPLY, unfinished: false, error: false },
    });
    expect(result.events.filter((e) => isFinalEvent(e.data) || isErrorEvent(e.data))).toHaveLength(1);

    await h.app.lifecycle.drain();
    expect((await faultState(h)).saves).toBe(1);
    const created = result.events.find((e) => 'created' in e.data)!.data as { conversationId: string };
    const saved = (await user.messages(created.conversationId)).find((m) => !m.isCreatedByUser)!;
    expect(saved).toMatchObject({ text: REPLY, unfinished: false, error: false });

    // And the next ask works, without a restart.
    const next = await user.ask({ text: 'Again [[fake reply="fine"]]' });
    expect(next.events.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: 'fine' } });
  });

  it('past the retry budget tells the client, keeps the reply and saves it unfinished once, whole', async () => {
    h = await startChatApp({ replySaveRetryMs: 300 });
    await installFault(h);
    const { user, streaming } = await replyDuringFault(h);

    const result = await streaming;
    const last = result.events.at(-1)!.data;
    expect(last).toMatchObject({
      error: true,
      code: 'service_unavailable',
      message: UNAVAILABLE_TEXTS.replyNotSavedYet,
    });
    const created = result.events.find((e) => 'created' in e.data)!.data as { conversationId: string };
    // Still refused: the row is as the stream's start left it, marked unfinished.
    const before = (await user.messages(created.conversationId)).find((m) => !m.isCreatedByUser)!;
    expect(before.unfinished).toBe(true);
    expect(before.text).not.toBe(REPLY);

    await setFault(h, false);
    await waitFor(async () => {
      const reply = (await user.messages(created.conversationId)).find((m) => !m.isCreatedByUser);
      return reply?.text === REPLY;
    });
    await h.app.lifecycle.drain();
    const saved = (await user.messages(created.conversationId)).find((m) => !m.isCreatedByUser)!;
    expect(saved).toMatchObject({ text: REPLY, unfinished: true, error: false });
    expect((await faultState(h)).saves).toBe(1);

    const next = await user.ask({ text: 'Again [[fake reply="fine"]]' });
    expect(next.events.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: 'fine' } });
  });
});
