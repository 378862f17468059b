import { randomUUID } from 'node:crypto';
import { filePathOf, NO_PARENT } from '@chat/contract';
import type { Db } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { AppError } from '../../../platform/errors.js';
import type { ConvosRepo } from '../../convos/index.js';
import type { MessagesRepo } from '../../messages/index.js';
import { insertTurn, type TurnConversation, type TurnReply, type TurnRequest } from './turn-statement.js';
import type { PromptSource } from './build-prompt.js';
import type { AskExpiry, AskInput, Configured, History, Recorded, Resolved } from './types.js';

export interface RecordDeps {
  db: Pick<Db, 'transaction' | 'execute'>;
  convos: Pick<ConvosRepo, 'update'>;
  messages: Pick<MessagesRepo, 'update'>;
  /** Who says when the conversation ends (askExpiry); none: a new one is kept, an old one unchanged. */
  expiry?: readonly AskExpiry[];
}

/** The first answer of the askExpiry items; undefined when none has a say. */
function expiryOf(
  items: readonly AskExpiry[],
  input: AskInput,
  existing: History['existing'],
  at: Date,
): Date | null | undefined {
  for (const item of items) {
    const answer = item.expiredAt(input, existing, at);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/** What a taken message id answers; it says nothing of whose the id is or whether it exists. */
const ID_TAKEN = 'The message could not be saved; send it with a new id';

/**
 * A turn checked and ready to be written: what the prompt needs from it (the message the reply
 * answers, the text a continued reply already has) is known before the write, so the upstream
 * call may start while the rows are being written.
 */
export interface PlannedTurn {
  /** The message the reply answers: the user message about to be written, or a loaded one. */
  request: PromptSource;
  /** Text the reply already has (continue, an edited AI message). */
  prefix: string;
  /** Writes the turn: all of it or nothing. Rejects with an AppError when the write is refused. */
  write(): Promise<Recorded>;
}

/**
 * record turn, in two parts: `planTurn` checks everything that can refuse the turn from what is
 * loaded and says what the prompt needs; its `write` saves the conversation (created, or its
 * endpoint, model and options updated), the user message (ask), and the reply's row marked
 * unfinished, or the AI message to continue reset to unfinished. Either all of it is saved or
 * nothing is: an ask or a regenerate is one statement (turn-statement.ts), a continue one
 * transaction.
 */
export function planTurn(
  deps: RecordDeps,
  input: AskInput,
  resolved: Pick<Resolved, 'endpoint' | 'model'>,
  history: History,
  configured: Pick<Configured, 'options'>,
): PlannedTurn {
  const { userId, body } = input;
  const { endpoint, model } = resolved;
  const { conversationId, existing, byId, mode } = history;
  const { options } = configured;
  const now = new Date();
  const sender = input.runAs?.sender || options.chatGptLabel || endpoint.label || endpoint.name;
  // What the rows name: the running endpoint, or the kind of reply run on it (`assistant`).
  const recordedEndpoint = input.runAs?.endpoint ?? endpoint.name;
  const conversation: TurnConversation = {
    conversationId,
    userId,
    existing: !!existing,
    endpoint: recordedEndpoint,
    model,
    options,
    at: now,
    expiredAt: expiryOf(deps.expiry ?? [], input, existing, now),
    keepSettings: input.added === true && !!existing,
  };

  if (mode === 'continue') return continueTurn(deps, input, history, conversation);

  // The regenerated reply's user message, or (ask) the parent the new user message names.
  const regenerated = mode === 'regenerate' ? byId.get(body.parentMessageId) : undefined;
  if (mode === 'regenerate' && !regenerated?.isCreatedByUser) {
    throw new AppError('not_found', 'Message to regenerate from not found');
  }
  if (mode === 'ask' && body.parentMessageId !== NO_PARENT && !byId.has(body.parentMessageId)) {
    throw new AppError('validation_error', 'The parent message is not in this conversation');
  }
  const request: TurnRequest | null =
    mode === 'ask'
      ? {
          messageId: body.messageId ?? randomUUID(),
          parentMessageId: body.parentMessageId,
          // Trimmed here too, not only by the client (the text is trimmed).
          text: body.text.trim(),
          // Checked to be the user's own by the files feature's attachment (attach files).
          files: body.files?.length
            ? body.files.map((f) => ({ ...f, filepath: filePathOf(f.file_id) }))
            : null,
          at: now,
        }
      : null;
  const asked = body.responseMessageId && !byId.has(body.responseMessageId) ? body.responseMessageId : null;
  const fallbackId = randomUUID();
  const reply: TurnReply = {
    messageId: asked ?? fallbackId,
    fallbackId,
    parentMessageId: regenerated?.messageId ?? null,
    sender,
    // One millisecond after the request so "oldest first" lists the user message first. A second
    // model's reply (compare) takes the request's own time: older than the first model's reply, so
    // the first stays the newest sibling, the branch shown and the one the conversation goes on from.
    at: input.added && regenerated ? regenerated.createdAt : new Date(now.getTime() + 1),
  };

  return {
    request: regenerated ?? { ...request!, isCreatedByUser: true, error: false },
    prefix: '',
    async write() {
      let rows: Awaited<ReturnType<typeof insertTurn>>;
      try {
        rows = await insertTurn(deps.db, conversation, request, reply);
      } catch (err) {
        // Ids are global: the id may be another user's. The answer is the same either way and
        // says nothing of whose it is or whether it exists (no oracle on other users' ids).
        if (isUniqueViolation(err)) throw new AppError('id_conflict', ID_TAKEN);
        throw err;
      }
      if (!rows.conversation) throw new AppError('not_found', 'Conversation not found');
      const requestMessage = regenerated ?? rows.request;
      if (!requestMessage || !rows.response) throw new AppError('id_conflict', ID_TAKEN);
      return { conversation: rows.conversation, requestMessage, responseMessage: rows.response, prefix: '' };
    },
  };
}

/** planTurn and its write at once. */
export async function recordTurn(
  deps: RecordDeps,
  input: AskInput,
  resolved: Pick<Resolved, 'endpoint' | 'model'>,
  history: History,
  configured: Pick<Configured, 'options'>,
): Promise<Recorded> {
  return planTurn(deps, input, resolved, history, configured).write();
}

/** Continue (or an edit of an AI message): the AI message reopened, with its text as the prefix. */
function continueTurn(deps: RecordDeps, input: AskInput, history: History, c: TurnConversation): PlannedTurn {
  const { userId, body } = input;
  const target = body.responseMessageId ? history.byId.get(body.responseMessageId) : undefined;
  const request = target ? history.byId.get(target.parentMessageId) : undefined;
  if (!target || target.isCreatedByUser || !request) {
    throw new AppError('not_found', 'Message to continue not found');
  }
  const prefix = body.isEdited ? body.text : target.text;
  const write = () =>
    deps.db.transaction(async (tx) => {
      const conversation = await deps.convos.update(
        userId,
        c.conversationId,
        {
          endpoint: c.endpoint,
          model: c.model,
          options: c.options,
          updatedAt: c.at,
          ...(c.expiredAt !== undefined ? { expiredAt: c.expiredAt } : {}),
        },
        tx,
      );
      if (!conversation) throw new AppError('not_found', 'Conversation not found');
      const response = await deps.messages.update(
        userId,
        target.messageId,
        {
          text: prefix,
          unfinished: true,
          error: false,
          finishReason: null,
          isEdited: target.isEdited || !!body.isEdited,
        },
        tx,
      );
      if (!response) throw new AppError('not_found', 'Message to continue not found');
      return { conversation, requestMessage: request, responseMessage: response, prefix };
    });
  return { request, prefix, write };
}
