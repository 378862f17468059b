import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { COMPLETE_FINISH_REASON, NO_PARENT } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { conversations, messages } from '../../db/schema.js';
import type { ImportedConversation, ImportedMessage } from './formats/index.js';
import { addSkips, type PartSkips } from './formats/types.js';

/** The key that makes an import idempotent: the format and the source conversation's id. */
export const importKeyOf = (c: Pick<ImportedConversation, 'format' | 'sourceId'>): string =>
  `${c.format}:${c.sourceId}`;

/** What a batch wrote for one conversation of the file. */
export interface WrittenConversation {
  /** The conversation written to: a new one, or the one imported before from the same source. */
  conversationId: string;
  created: boolean;
  /** Messages written: all of a new conversation's; those an earlier import did not have. */
  added: number;
  /** Of the messages written: how many were cut to the limit. */
  truncated: number;
  /** What was left out of what was written (a new conversation's hidden parts included). */
  skippedParts: PartSkips;
}

/**
 * The id of an imported message: derived from the new conversation's id (random, ours) and the
 * message's id in the file, so the file's ids are never reused, yet a later import of a newer
 * copy of the same conversation finds the messages it wrote and adds only the others. The digest
 * is shaped as a UUID of version 8 (a name-based id of one's own making).
 */
export function importedMessageId(conversationId: string, sourceId: string): string {
  const d = createHash('sha256').update(`${conversationId}\u0000${sourceId}`).digest();
  d[6] = (d[6]! & 0x0f) | 0x80;
  d[8] = (d[8]! & 0x3f) | 0x80;
  const hex = d.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Message ids looked up per query (well under PostgreSQL's parameter limit). */
const LOOKUP_BATCH = 1000;

/**
 * Writes imported conversations with all their messages in one transaction (and `after`'s
 * writes). A conversation whose import key the user already has (imported before from the same
 * source) is not written again: the messages of the file it lacks are added to it (a newer export
 * of a conversation that went on), and nothing when it has them all. A conversation imported
 * before its messages had ids derived from the file's (their ids were random) cannot be matched
 * and gains nothing. Every change is whole or absent: a failure rolls the whole batch back.
 */
export async function writeImportedConversations(
  db: Executor,
  userId: string,
  batch: readonly ImportedConversation[],
  /** Runs in the same transaction once the batch is written (the job's progress is saved with it). */
  after?: (tx: Executor, written: WrittenConversation[]) => Promise<void>,
): Promise<WrittenConversation[]> {
  if (batch.length === 0 && !after) return [];
  return db.transaction(async (tx) => {
    if (batch.length === 0) {
      await after?.(tx, []);
      return [];
    }
    const rows = batch.map((convo) => ({
      conversationId: randomUUID(),
      userId,
      title: convo.title,
      endpoint: convo.endpoint,
      model: convo.model,
      options: convo.options,
      importKey: importKeyOf(convo),
      createdAt: convo.createdAt,
      updatedAt: convo.updatedAt,
    }));
    const inserted = await tx
      .insert(conversations)
      .values(rows)
      .onConflictDoNothing()
      .returning({ conversationId: conversations.conversationId });
    const created = new Set(inserted.map((r) => r.conversationId));

    // The conversations imported before: found by their import key.
    const earlierKeys = rows.filter((r) => !created.has(r.conversationId)).map((r) => r.importKey);
    const earlier = new Map<string, string>();
    if (earlierKeys.length > 0) {
      // Key by key through the (user, import key) index (unique: `limit 1` only keeps the planner
      // from flattening the lookup into a join). PGlite has no statistics (nothing runs ANALYZE),
      // and with `import_key IN (…)` or a join the planner read every conversation of the user.
      const found = await tx.execute<{ conversation_id: string; import_key: string }>(sql`
        select c.conversation_id, c.import_key
        from json_array_elements_text(${JSON.stringify(earlierKeys)}::json) as k(key)
        cross join lateral (select conversation_id, import_key from conversations
          where user_id = ${userId} and import_key = k.key limit 1) c`);
      for (const f of found.rows) earlier.set(f.import_key, f.conversation_id);
    }

    // The messages the conversations imported before already hold: one lookup for the batch.
    const have = await existingIds(
      tx,
      userId,
      batch.flatMap((convo, i) => {
        const conversationId = created.has(rows[i]!.conversationId)
          ? undefined
          : earlier.get(rows[i]!.importKey);
        return conversationId ? convo.messages.map((m) => importedMessageId(conversationId, m.sourceId)) : [];
      }),
    );

    const written: WrittenConversation[] = [];
    const messageRows: MessageInsert[] = [];
    for (const [i, convo] of batch.entries()) {
      const row = rows[i]!;
      const isNew = created.has(row.conversationId);
      const conversationId = isNew ? row.conversationId : earlier.get(row.importKey);
      if (!conversationId) {
        // Deleted between the insert and the lookup: there is nothing to add to.
        written.push({
          conversationId: row.conversationId,
          created: false,
          added: 0,
          truncated: 0,
          skippedParts: {},
        });
        continue;
      }
      const idOf = (sourceId: string) => importedMessageId(conversationId, sourceId);
      let missing = convo.messages;
      if (!isNew) {
        // Ids derive from the conversation's own id, so those found are this conversation's.
        const ids = convo.messages.map((m) => idOf(m.sourceId));
        missing = ids.some((id) => have.has(id)) ? convo.messages.filter((_, k) => !have.has(ids[k]!)) : [];
      }
      let { truncated, skippedParts } = convo;
      if (!isNew) {
        truncated = missing.filter((m) => m.truncated).length;
        skippedParts = {};
        for (const m of missing) addSkips(skippedParts, m.skippedParts);
      }
      written.push({ conversationId, created: isNew, added: missing.length, truncated, skippedParts });
      for (const m of missing) {
        messageRows.push({
          message_id: idOf(m.sourceId),
          conversation_id: conversationId,
          parent_message_id: m.parentSourceId !== null ? idOf(m.parentSourceId) : NO_PARENT,
          sender: m.sender,
          text: m.text,
          is_created_by_user: m.isCreatedByUser,
          endpoint: convo.endpoint,
          model: m.model ?? convo.model,
          error: m.error,
          unfinished: m.unfinished,
          finish_reason: finishReasonOf(m),
          files: m.files && m.files.length > 0 ? m.files : null,
          created_at: m.createdAt.toISOString(),
        });
      }
      if (!isNew && missing.length > 0) {
        // The conversation went on: it moves up the list as far as the file says.
        await tx
          .update(conversations)
          .set({
            updatedAt: sql`greatest(${conversations.updatedAt}, ${convo.updatedAt.toISOString()}::timestamptz)`,
          })
          .where(eq(conversations.conversationId, conversationId));
      }
    }
    await insertMessages(tx, userId, messageRows);
    await after?.(tx, written);
    return written;
  });
}

/** An imported message as the insert reads it (the columns' names; the user's id is the batch's). */
interface MessageInsert {
  message_id: string;
  conversation_id: string;
  parent_message_id: string;
  sender: string;
  text: string;
  is_created_by_user: boolean;
  endpoint: string | null;
  model: string | null;
  error: boolean;
  unfinished: boolean;
  finish_reason: string | null;
  files: unknown[] | null;
  /** Also its updated time: an imported message was last changed when it was written. */
  created_at: string;
}

/**
 * Inserts the batch's messages in one statement that reads them from a single JSON parameter.
 * A multi-row VALUES built by the query builder cost more on this thread than the database's
 * own work for the rows (a placeholder, a type mapping and a parameter for every cell); the JSON
 * text is made by one JSON.stringify and read by json_to_recordset. Columns left out take their
 * defaults, as in the builder's insert.
 */
async function insertMessages(tx: Executor, userId: string, rows: readonly MessageInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
      is_created_by_user, endpoint, model, error, unfinished, finish_reason, files, created_at, updated_at)
    select r.message_id, r.conversation_id, ${userId}, r.parent_message_id, r.sender, r.text,
      r.is_created_by_user, r.endpoint, r.model, r.error, r.unfinished, r.finish_reason, r.files,
      r.created_at, r.created_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(message_id uuid, conversation_id uuid,
      parent_message_id uuid, sender text, text text, is_created_by_user boolean, endpoint text,
      model text, error boolean, unfinished boolean, finish_reason text, files jsonb, created_at timestamptz)`);
}

/** Which of `ids` (messages of the user's conversations) exist. */
async function existingIds(tx: Executor, userId: string, ids: readonly string[]): Promise<Set<string>> {
  const have = new Set<string>();
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    // By the primary key only: the user's condition written so that no index answers it, else
    // the planner (without statistics) ANDs in a bitmap of every message of the user.
    const found = await tx
      .select({ messageId: messages.messageId })
      .from(messages)
      .where(
        and(
          inArray(messages.messageId, ids.slice(i, i + LOOKUP_BATCH)),
          sql`coalesce(${messages.userId}, ${messages.userId}) = ${userId}`,
        ),
      );
    for (const f of found) have.add(f.messageId);
  }
  return have;
}

/**
 * Export files rarely say how a reply ended (ChatGPT's never, LibreChat's often not): a reply the
 * file marks neither unfinished nor failed is a complete one, so it is not offered Continue.
 */
function finishReasonOf(m: ImportedMessage): string | null {
  if (m.finishReason !== null) return m.finishReason;
  return m.isCreatedByUser || m.unfinished || m.error ? null : COMPLETE_FINISH_REASON;
}
