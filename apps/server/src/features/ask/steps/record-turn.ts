import { randomUUID } from 'node:crypto';
import { filePathOf, NO_PARENT } from '@chat/contract';
import type { Db } from '../../../db/client.js';
import type { Executor } from '../../../db/executor.js';
import type { MessageRow } from '../../../db/schema.js';
import { AppError } from '../../../platform/errors.js';
import type { ConvosRepo } from '../../convos/index.js';
import type { MessagesRepo, NewMessage } from '../../messages/index.js';
import type { AskInput, Configured, History, Recorded, Resolved } from './types.js';

export interface RecordDeps {
  db: Pick<Db, 'transaction'>;
  convos: Pick<ConvosRepo, 'insert' | 'update'>;
  messages: Pick<MessagesRepo, 'insert' | 'update'>;
}

/**
 * record turn: in one transaction, the conversation (created, or its endpoint, model and options
 * updated), the user message (ask), and the reply's row marked unfinished, or the AI message to
 * continue reset to unfinished. Either all of it is saved or nothing is.
 */
export async function recordTurn(
  deps: RecordDeps,
  input: AskInput,
  resolved: Pick<Resolved, 'endpoint' | 'model'>,
  history: History,
  configured: Pick<Configured, 'options'>,
): Promise<Recorded> {
  const { userId, body } = input;
  const { endpoint, model } = resolved;
  const { conversationId, existing, byId, mode } = history;
  const { options } = configured;
  const now = new Date();
  const sender = input.runAs?.sender || options.chatGptLabel || endpoint.label || endpoint.name;
  // What the rows name: the running endpoint, or the kind of reply run on it (`assistant`).
  const recordedEndpoint = input.runAs?.endpoint ?? endpoint.name;

  const replyRow = (parentMessageId: string): NewMessage => ({
    messageId:
      body.responseMessageId && !byId.has(body.responseMessageId) ? body.responseMessageId : randomUUID(),
    conversationId,
    userId,
    parentMessageId,
    sender,
    text: '',
    isCreatedByUser: false,
    endpoint: recordedEndpoint,
    model,
    unfinished: true,
    // One millisecond after the request so "oldest first" lists the user message first.
    createdAt: new Date(now.getTime() + 1),
    updatedAt: new Date(now.getTime() + 1),
  });
  const insertReply = async (tx: Executor, parentMessageId: string): Promise<MessageRow> => {
    const row = replyRow(parentMessageId);
    const saved =
      (await deps.messages.insert(row, tx)) ??
      (await deps.messages.insert({ ...row, messageId: randomUUID() }, tx));
    if (!saved) throw new AppError('id_conflict', 'Could not create the reply');
    return saved;
  };

  return deps.db.transaction(async (tx) => {
    const conversation = existing
      ? await deps.convos.update(
          userId,
          conversationId,
          { endpoint: recordedEndpoint, model, options, updatedAt: now },
          tx,
        )
      : await deps.convos.insert(
          { conversationId, userId, endpoint: recordedEndpoint, model, options, createdAt: now },
          tx,
        );
    if (!conversation) throw new AppError('not_found', 'Conversation not found');

    if (mode === 'continue') {
      const target = body.responseMessageId ? byId.get(body.responseMessageId) : undefined;
      const request = target ? byId.get(target.parentMessageId) : undefined;
      if (!target || target.isCreatedByUser || !request)
        throw new AppError('not_found', 'Message to continue not found');
      const prefix = body.isEdited ? body.text : target.text;
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
    }
    if (mode === 'regenerate') {
      const request = byId.get(body.parentMessageId);
      if (!request?.isCreatedByUser) throw new AppError('not_found', 'Message to regenerate from not found');
      return {
        conversation,
        requestMessage: request,
        responseMessage: await insertReply(tx, request.messageId),
        prefix: '',
      };
    }
    if (body.parentMessageId !== NO_PARENT && !byId.has(body.parentMessageId)) {
      throw new AppError('validation_error', 'The parent message is not in this conversation');
    }
    const request = await deps.messages.insert(
      {
        messageId: body.messageId ?? randomUUID(),
        conversationId,
        userId,
        parentMessageId: body.parentMessageId,
        sender: 'User',
        // Trimmed here too, not only by the client (spec §4 Sending: the text is trimmed).
        text: body.text.trim(),
        isCreatedByUser: true,
        // Checked to be the user's own by the files feature's attachment (attach files).
        files: body.files?.length ? body.files.map((f) => ({ ...f, filepath: filePathOf(f.file_id) })) : null,
        endpoint: recordedEndpoint,
        model,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    // Ids are global: the id may be another user's. The answer is the same either way and says
    // nothing of whose it is or whether it exists (no oracle on other users' ids).
    if (!request) throw new AppError('id_conflict', 'The message could not be saved; send it with a new id');
    return {
      conversation,
      requestMessage: request,
      responseMessage: await insertReply(tx, request.messageId),
      prefix: '',
    };
  });
}
