import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TITLE } from '@chat/contract';
import { createConvosRepo, type ConvosRepo } from '../../convos/index.js';
import { createMessagesRepo, type MessagesRepo } from '../../messages/index.js';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.js';
import { insertUser, saveConversation, saveMessage } from '../../../../test/support/ask-steps.js';
import { saveReply, type SaveDeps } from './save-reply.js';
import type { Outcome } from './stream-reply.js';

let database: TestDatabase;
let convos: ConvosRepo;
let messages: MessagesRepo;
let deps: SaveDeps;
let userId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  convos = createConvosRepo(database.db);
  messages = createMessagesRepo(database.db);
  deps = { db: database.db, convos, messages };
  userId = await insertUser(database.db, 'Saver');
});
afterAll(() => database.close());

const finished: Outcome = { kind: 'finish', finishReason: 'stop', outputTokens: 7 };

/** A recorded turn: a conversation (a minute old), the user's message and its unfinished reply. */
async function turn(text = 'Tell me about penguins', isNewConversation = true) {
  const conversation = await saveConversation(convos, userId);
  const at = { conversationId: conversation.conversationId, userId };
  const requestMessage = await saveMessage(messages, at, { text });
  const responseMessage = await saveMessage(
    messages,
    { ...at, parentMessageId: requestMessage.messageId },
    { text: '', isCreatedByUser: false, unfinished: true },
  );
  return { userId, conversation, requestMessage, responseMessage, isNewConversation };
}

describe('save reply', () => {
  it('saves the finished reply, the title from the first message and the conversation time together', async () => {
    const t = await turn();
    const before = Date.now();
    const result = await saveReply(deps, t, 'Penguins live in the south.', finished, true);

    const reply = await messages.get(userId, t.responseMessage.messageId);
    expect(reply).toMatchObject({
      text: 'Penguins live in the south.',
      unfinished: false,
      error: false,
      finishReason: 'stop',
      tokenCount: 7,
    });
    const conversation = await convos.get(userId, t.conversation.conversationId);
    expect(conversation!.title).toBe('Tell me about penguins');
    expect(conversation!.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(conversation!.updatedAt.getTime()).toBeGreaterThan(t.conversation.updatedAt.getTime());
    expect(result).toMatchObject({
      conversation: { conversationId: t.conversation.conversationId, title: 'Tell me about penguins' },
      requestMessage: { messageId: t.requestMessage.messageId },
      responseMessage: { messageId: t.responseMessage.messageId, text: 'Penguins live in the south.' },
    });
  });

  it('leaves the title to the model, to an existing conversation, and to a rename made meanwhile', async () => {
    const modelTitles = await turn();
    await saveReply(deps, modelTitles, 'Reply', finished, false);
    const existing = await turn('Tell me more', false);
    await saveReply(deps, existing, 'Reply', finished, true);
    const renamed = await turn();
    await convos.update(userId, renamed.conversation.conversationId, { title: 'My penguins' });
    const result = await saveReply(deps, renamed, 'Reply', finished, true);

    const titleOf = async (t: typeof renamed) =>
      (await convos.get(userId, t.conversation.conversationId))!.title;
    expect(await titleOf(modelTitles)).toBe(DEFAULT_TITLE);
    expect(await titleOf(existing)).toBe(DEFAULT_TITLE);
    expect(await titleOf(renamed)).toBe('My penguins');
    expect(result!.conversation.title).toBe('My penguins');
  });

  it('keeps a stopped reply unfinished, with its text, so Continue can pick it up', async () => {
    const t = await turn();
    await saveReply(deps, t, 'Penguins are', { kind: 'abort' }, true);
    expect(await messages.get(userId, t.responseMessage.messageId)).toMatchObject({
      text: 'Penguins are',
      unfinished: true,
      error: false,
      finishReason: 'abort',
    });
  });

  it('saves a failed reply with its partial text, or else the error as JSON', async () => {
    const error = { code: 'upstream_rate_limited' as const, message: 'Slow down' };
    const partial = await turn();
    const empty = await turn();
    await saveReply(deps, partial, 'Penguins', { kind: 'error', error }, true);
    await saveReply(deps, empty, '', { kind: 'error', error }, true);
    const failed = { unfinished: false, error: true, finishReason: 'error' };
    expect(await messages.get(userId, partial.responseMessage.messageId)).toMatchObject({
      ...failed,
      text: 'Penguins',
    });
    expect(await messages.get(userId, empty.responseMessage.messageId)).toMatchObject({
      ...failed,
      text: JSON.stringify(error),
    });
  });

  it('answers null and writes nothing when the conversation was deleted meanwhile', async () => {
    const t = await turn();
    await convos.remove(userId, t.conversation.conversationId);
    expect(await saveReply(deps, t, 'Too late', finished, true)).toBeNull();
    expect(await convos.get(userId, t.conversation.conversationId)).toBeUndefined();
    expect(await messages.get(userId, t.responseMessage.messageId)).toBeUndefined();
  });

  it('writes nothing when the database refuses part of it (one transaction)', async () => {
    const t = await turn();
    // PostgreSQL refuses NUL in text: the reply's write fails after the conversation's.
    await expect(saveReply(deps, t, 'bad \u0000 text', finished, true)).rejects.toMatchObject({
      cause: { message: expect.stringContaining('invalid byte sequence') },
    });
    expect(await convos.get(userId, t.conversation.conversationId)).toEqual(t.conversation);
    expect(await messages.get(userId, t.responseMessage.messageId)).toEqual(t.responseMessage);
  });
});
