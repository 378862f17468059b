import { sql, type SQL } from 'drizzle-orm';
import type { ConversationOptions, MessageFile } from '@chat/contract';
import type { Db } from '../../../db/client.js';
import { rowFromJson } from '../../../db/json-row.js';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../../db/schema.js';

/** The turn's conversation: created, or (when it exists) its endpoint, model and options updated. */
export interface TurnConversation {
  conversationId: string;
  userId: string;
  existing: boolean;
  endpoint: string;
  model: string | null;
  options: ConversationOptions;
  at: Date;
  /**
   * When the conversation ends (a temporary chat); null: kept. Undefined: a new one is kept and
   * an existing one keeps what it had.
   */
  expiredAt?: Date | null | undefined;
  /** Only its updatedAt changes (a second model's reply beside the first keeps the first's settings). */
  keepSettings?: boolean | undefined;
}

/** The user message of an ask. */
export interface TurnRequest {
  messageId: string;
  parentMessageId: string;
  text: string;
  files: MessageFile[] | null;
  at: Date;
}

/** The reply's row, created unfinished with no text. */
export interface TurnReply {
  messageId: string;
  /** Taken instead of messageId when that id exists already (another conversation's message). */
  fallbackId: string;
  /** Its parent when the turn has no request (regenerate); otherwise the request's id. */
  parentMessageId: string | null;
  sender: string;
  at: Date;
}

export interface TurnRows {
  conversation: ConversationRow | undefined;
  request: MessageRow | undefined;
  response: MessageRow | undefined;
}

type JsonRow = Record<string, unknown> | null;

/**
 * The conversation, the user message (when there is one) and the unfinished reply, written by one
 * statement of data-modifying CTEs: atomic without a transaction, one round trip on PostgreSQL and
 * one statement on PGlite (three statements in a transaction took ~3 ms there, this ~1 ms, on the
 * path to the first token). Each insert reads the row before it, so a conversation that is not the
 * user's (the update finds none) writes nothing; an id taken meanwhile (unique violation) fails
 * the whole statement. Column names are the schema's (db/schema.ts).
 */
export async function insertTurn(
  db: Pick<Db, 'execute'>,
  c: TurnConversation,
  request: TurnRequest | null,
  reply: TurnReply,
): Promise<TurnRows> {
  const model = c.model ?? null;
  const options = JSON.stringify(c.options);
  const at = c.at.toISOString();
  const expiredAt = c.expiredAt ? c.expiredAt.toISOString() : null;
  const expiry = c.expiredAt === undefined ? sql`` : sql`, expired_at = ${expiredAt}::timestamptz`;
  const conversation: SQL = c.keepSettings
    ? sql`update conversations set updated_at = ${at}::timestamptz
        where user_id = ${c.userId}::uuid and conversation_id = ${c.conversationId}::uuid returning *`
    : c.existing
      ? sql`update conversations set endpoint = ${c.endpoint}::text, model = ${model}::text,
        options = ${options}::jsonb, updated_at = ${at}::timestamptz${expiry}
        where user_id = ${c.userId}::uuid and conversation_id = ${c.conversationId}::uuid returning *`
      : sql`insert into conversations (conversation_id, user_id, endpoint, model, options, expired_at,
        created_at, updated_at)
        values (${c.conversationId}::uuid, ${c.userId}::uuid, ${c.endpoint}::text, ${model}::text,
        ${options}::jsonb, ${expiredAt}::timestamptz, ${at}::timestamptz, ${at}::timestamptz) returning *`;
  const requestAt = request?.at.toISOString();
  const userMessage: SQL = request
    ? sql`, u as (insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
          is_created_by_user, files, endpoint, model, created_at, updated_at)
        select ${request.messageId}::uuid, c.conversation_id, c.user_id, ${request.parentMessageId}::uuid,
          'User', ${request.text}::text, true, ${request.files ? JSON.stringify(request.files) : null}::jsonb,
          ${c.endpoint}::text, ${model}::text, ${requestAt}::timestamptz, ${requestAt}::timestamptz
        from c returning *)`
    : sql``;
  // The reply hangs off the request when there is one (and is only written when it was).
  const parent = request ? sql`p.message_id` : sql`${reply.parentMessageId}::uuid`;
  const replyId =
    request?.messageId === reply.messageId
      ? sql`${reply.fallbackId}::uuid`
      : sql`case when exists (select 1 from messages m where m.message_id = ${reply.messageId}::uuid)
          then ${reply.fallbackId}::uuid else ${reply.messageId}::uuid end`;
  const replyAt = reply.at.toISOString();
  const result = await db.execute<{ conversation: JsonRow; request: JsonRow; response: JsonRow }>(sql`
    with c as (${conversation})${userMessage},
    r as (insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
        is_created_by_user, endpoint, model, unfinished, created_at, updated_at)
      select ${replyId}, p.conversation_id, p.user_id, ${parent}, ${reply.sender}::text, '', false,
        ${c.endpoint}::text, ${model}::text, true, ${replyAt}::timestamptz, ${replyAt}::timestamptz
      from ${request ? sql`u` : sql`c`} p returning *)
    select (select row_to_json(c) from c) as conversation,
      ${request ? sql`(select row_to_json(u) from u)` : sql`null::json`} as request,
      (select row_to_json(r) from r) as response`);
  const row = result.rows[0];
  return {
    conversation: row?.conversation ? rowFromJson(conversations, row.conversation) : undefined,
    request: row?.request ? rowFromJson(messages, row.request) : undefined,
    response: row?.response ? rowFromJson(messages, row.response) : undefined,
  };
}
