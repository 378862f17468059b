import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import { messages, type MessageRow } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import type { PluginState } from '@chat/contract';

export type NewMessage = typeof messages.$inferInsert;

/** A column as JSON text: strings and booleans through to_json, NULL as null. */
const json = (col: AnyColumn) => sql`coalesce(to_json(${col})::text, 'null')`;
/** A timestamptz as Date#toISOString() writes it: UTC, milliseconds (truncated, as JS parsing does), Z. */
const iso = (col: AnyColumn) =>
  sql`'"' || to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;

/**
 * One message as the JSON text JSON.stringify(presentMessage(row)) gives: the same keys in the
 * same order, no whitespace. Keep in step with presenter.ts (a test compares the two).
 */
const messageJson = sql.join(
  (
    [
      ['messageId', json(messages.messageId)],
      ['conversationId', json(messages.conversationId)],
      ['parentMessageId', json(messages.parentMessageId)],
      ['sender', json(messages.sender)],
      ['text', json(messages.text)],
      ['isCreatedByUser', json(messages.isCreatedByUser)],
      ['endpoint', json(messages.endpoint)],
      ['model', json(messages.model)],
      ['error', json(messages.error)],
      ['unfinished', json(messages.unfinished)],
      ['isEdited', json(messages.isEdited)],
      ['finish_reason', json(messages.finishReason)],
      ['tokenCount', json(messages.tokenCount)],
      ['createdAt', iso(messages.createdAt)],
      ['updatedAt', iso(messages.updatedAt)],
    ] as const
  ).map(([key, value], i) => sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || ${value}`),
  sql` || `,
);
/** A plugins reply's display states and their latest, as the presenter adds them (else nothing). */
const pluginsJson = sql`(case when ${messages.plugins} is null then '' else ',"plugins":' || ${messages.plugins}::text || ',"plugin":' || coalesce((${messages.plugins} -> -1)::text, 'null') end)`;
/** A message's attached images, as the presenter adds them (none or an empty list: nothing). */
const filesJson = sql`(case when coalesce(jsonb_typeof(${messages.files}), '') <> 'array' then ''
  when jsonb_array_length(${messages.files}) = 0 then '' else ',"files":' || ${messages.files}::text end)`;
/** Where a reply's model context began, as the presenter adds it (else nothing). */
const contextJson = sql`(case when ${messages.contextMessageId} is null then '' else ',"contextMessageId":' || to_json(${messages.contextMessageId})::text end)`;
/** What the presenter adds after the fixed keys, in its order; then the object's closing brace. */
const optionalJson = sql`${pluginsJson} || ${filesJson} || ${contextJson} || '}'`;

export interface MessagePatch {
  text?: string;
  isEdited?: boolean;
  error?: boolean;
  unfinished?: boolean;
  finishReason?: string | null;
  tokenCount?: number | null;
  plugins?: PluginState[] | null;
  /** A reply's: where its model's context began (null: the whole conversation was sent). */
  contextMessageId?: string | null;
  updatedAt?: Date;
}

/**
 * Rows per statement when a whole conversation is listed. With a turn of the event loop between
 * slices, one open of 5,000 messages paused another user's stream by 37 ms instead of 161 (bench
 * big-convos); 250 rows paused ten opens no less and made them slower.
 */
const LIST_SLICE_ROWS = 500;

/** Messages of one user; every query filters by user_id. */
export function createMessagesRepo(db: Executor) {
  const own = (userId: string, messageId: string) =>
    and(eq(messages.userId, userId), eq(messages.messageId, messageId));

  return {
    /** The whole tree of a conversation, oldest first (a user message before its reply). */
    async listForConversation(userId: string, conversationId: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, userId), eq(messages.conversationId, conversationId)))
        .orderBy(asc(messages.createdAt), desc(messages.isCreatedByUser), asc(messages.messageId));
    },

    /**
     * The same list as listForConversation, already as the JSON text of the API's Message[]: each
     * message's JSON is written by the database, so thousands of rows are not decoded into objects
     * and serialised again in JS; JS only joins the texts.
     */
    async listJsonForConversation(
      userId: string,
      conversationId: string,
      slice = LIST_SLICE_ROWS,
    ): Promise<string> {
      const parts: string[] = [];
      // Read in slices, each one statement, with a turn of the event loop between them: on the
      // embedded store a statement holds the thread, and the whole of a long conversation in one
      // paused every other user's stream for as long (≈ 160 ms for 5,000 messages). Each slice's
      // JSON is joined by the database (one string per slice, not per row). Keyed by the list's
      // order, which the id makes total; the key's time as text keeps its microseconds.
      const m = messages;
      let after: { at: string; later: boolean; id: string } | undefined;
      for (;;) {
        const from = after
          ? sql`and ${m.createdAt} >= ${after.at}::timestamptz
              and (${m.createdAt}, not ${m.isCreatedByUser}, ${m.messageId}) > (${after.at}::timestamptz, ${after.later}, ${after.id}::uuid)`
          : sql``;
        const result = await db.execute<{
          body: string | null;
          n: number;
          at: string | null;
          later: boolean | null;
          id: string | null;
        }>(sql`
          select string_agg(s.j, ',' order by s.at, s.later, s.id) as body, count(*)::int as n,
                 (array_agg(s.at::text order by s.at desc, s.later desc, s.id desc))[1] as at,
                 (array_agg(s.later order by s.at desc, s.later desc, s.id desc))[1] as later,
                 (array_agg(s.id order by s.at desc, s.later desc, s.id desc))[1] as id
            from (select ${messageJson} || ${optionalJson} as j, ${m.createdAt} as at,
                         not ${m.isCreatedByUser} as later, ${m.messageId} as id
                    from ${m}
                   where ${m.userId} = ${userId} and ${m.conversationId} = ${conversationId} ${from}
                   order by ${m.createdAt}, not ${m.isCreatedByUser}, ${m.messageId}
                   limit ${slice}) s`);
        const row = result.rows[0];
        if (row?.body) parts.push(row.body);
        if (!row || row.n < slice || row.at === null || row.later === null || row.id === null) break;
        after = { at: row.at, later: row.later, id: row.id };
        // The next slice after the sockets had their turn (an await alone is only a microtask).
        await nextTurn();
      }
      return `[${parts.join(',')}]`;
    },

    /**
     * The last `limit` messages of the branch that ends at the conversation's newest message (the
     * one listed last by listForConversation), oldest first, as the same JSON text: walked up from
     * that message by parent id (the primary key), so it costs `limit` lookups, not the whole tree.
     * The owner and conversation are carried as a flag (`own`) rather than put in the recursive
     * join: there, without statistics (PGlite runs no ANALYZE), the planner read the whole
     * conversation through its index at every step (40 × 2,000 rows, 76 ms instead of 1).
     */
    async branchTailJson(userId: string, conversationId: string, limit: number): Promise<string> {
      const m = messages;
      const result = await db.execute<{ body: string | null }>(sql`
        with recursive chain as (
          (select ${m.messageId} as id, ${m.parentMessageId} as parent, 1 as depth, true as own
             from ${m}
            where ${m.userId} = ${userId} and ${m.conversationId} = ${conversationId}
            order by ${m.createdAt} desc, ${m.isCreatedByUser} asc
            limit 1)
          union all
          select p.message_id, p.parent_message_id, c.depth + 1,
                 p.user_id = ${userId} and p.conversation_id = ${conversationId}
            from chain c join ${m} p on p.message_id = c.parent
           where c.own and c.depth < ${limit}
        )
        select '[' || coalesce(string_agg(${messageJson} || ${optionalJson}, ',' order by chain.depth desc), '') || ']' as body
          from chain join ${m} on ${m.messageId} = chain.id
         where chain.own`);
      return result.rows[0]?.body ?? '[]';
    },

    async get(userId: string, messageId: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(own(userId, messageId));
      return row;
    },

    /** Inserts a message; undefined when the id is already taken. */
    async insert(row: NewMessage, tx: Executor = db): Promise<MessageRow | undefined> {
      const [saved] = await tx.insert(messages).values(row).onConflictDoNothing().returning();
      return saved;
    },

    /**
     * Inserts new messages in one statement (a copy's batch); their ids must be new. The rows
     * written.
     */
    async insertMany(rows: readonly NewMessage[], tx: Executor = db): Promise<MessageRow[]> {
      if (rows.length === 0) return [];
      return tx
        .insert(messages)
        .values([...rows])
        .returning();
    },

    async update(
      userId: string,
      messageId: string,
      patch: MessagePatch,
      tx: Executor = db,
    ): Promise<MessageRow | undefined> {
      const [row] = await tx
        .update(messages)
        .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
        .where(own(userId, messageId))
        .returning();
      return row;
    },

    /**
     * The text so far of streaming replies, many in one statement (the flusher's batch): each
     * row is the user's own (id and user_id both match), updated_at is `at`. A row with
     * `fromBytes` >= 0 appends `text` to a saved text of that many bytes (UTF-8), and is left
     * alone when the saved text has another length; with -1 `text` is the whole text. Returns
     * the ids of the rows written.
     */
    async appendTexts(
      rows: readonly { id: string; userId: string; fromBytes: number; text: string }[],
      at: Date,
    ): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const values = sql.join(
        rows.map((r) => sql`(${r.id}::uuid, ${r.userId}::uuid, ${r.fromBytes}::int, ${r.text}::text)`),
        sql`, `,
      );
      // octet_length reads a stored text's size from its header (no decompression).
      const result = await db.execute<{ id: string }>(
        sql`update "messages"
               set "text" = case when v.from_bytes < 0 then v.text else "messages"."text" || v.text end,
                   "updated_at" = ${at.toISOString()}::timestamptz
              from (values ${values}) as v(id, user_id, from_bytes, text)
             where "messages"."message_id" = v.id and "messages"."user_id" = v.user_id
               and (v.from_bytes < 0 or octet_length("messages"."text") = v.from_bytes)
         returning "messages"."message_id" as id`,
      );
      return new Set(result.rows.map((r) => r.id));
    },

    /** "Save only" edit of a message in the given conversation. */
    async editText(
      userId: string,
      conversationId: string,
      messageId: string,
      text: string,
    ): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ text, isEdited: true, updatedAt: new Date() })
        .where(and(own(userId, messageId), eq(messages.conversationId, conversationId)))
        .returning();
      return row;
    },
  };
}
export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
