import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRow } from '../../../db/schema.js';
import { createConvosRepo, type ConvosRepo } from '../../convos/index.js';
import { createMessagesRepo, type MessagesRepo } from '../../messages/index.js';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.js';
import { askInput, insertUser, saveConversation, saveMessage } from '../../../../test/support/ask-steps.js';
import { findConversation, loadHistory, turnMode } from './load-history.js';

let database: TestDatabase;
let convos: ConvosRepo;
let messages: MessagesRepo;
let userId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  convos = createConvosRepo(database.db);
  messages = createMessagesRepo(database.db);
  userId = await insertUser(database.db, 'Historian');
});
afterAll(() => database.close());

/** A conversation with a question and its answer. */
async function exchange() {
  const conversation = await saveConversation(convos, userId);
  const at = { conversationId: conversation.conversationId, userId };
  const question = await saveMessage(messages, at, { text: 'Why?' });
  const answer = await saveMessage(
    messages,
    { ...at, parentMessageId: question.messageId },
    { text: 'Because.', isCreatedByUser: false },
  );
  return { conversation, question, answer };
}

describe('findConversation', () => {
  it('gives a new request a fresh id and no conversation', async () => {
    const a = await findConversation(askInput(userId), convos);
    const b = await findConversation(askInput(userId), convos);
    expect(a.existing).toBeUndefined();
    expect(a.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.conversationId).not.toBe(a.conversationId);
  });

  it("finds the user's own conversation", async () => {
    const { conversation } = await exchange();
    const found = await findConversation(
      askInput(userId, { conversationId: conversation.conversationId }),
      convos,
    );
    expect(found).toEqual({ conversationId: conversation.conversationId, existing: conversation });
  });

  it("answers not_found for another user's conversation or an unknown id", async () => {
    const { conversation } = await exchange();
    const stranger = await insertUser(database.db, 'Stranger');
    await expect(
      findConversation(askInput(stranger, { conversationId: conversation.conversationId }), convos),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      findConversation(askInput(userId, { conversationId: randomUUID() }), convos),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('loadHistory', () => {
  it('loads every message of an existing conversation, by id', async () => {
    const { conversation, question, answer } = await exchange();
    const input = askInput(userId, {
      conversationId: conversation.conversationId,
      parentMessageId: answer.messageId,
    });
    const history = await loadHistory(input, await findConversation(input, convos), messages);
    expect(history.conversationId).toBe(conversation.conversationId);
    expect(history.existing).toEqual(conversation);
    expect([...history.byId.keys()].sort()).toEqual([question.messageId, answer.messageId].sort());
    expect(history.byId.get(answer.messageId)).toEqual(answer);
    expect(history.mode).toBe('ask');
  });

  it('loads nothing for a new conversation', async () => {
    const input = askInput(userId);
    const history = await loadHistory(input, await findConversation(input, convos), messages);
    expect(history.existing).toBeUndefined();
    expect(history.byId.size).toBe(0);
  });
});

describe('turnMode', () => {
  let question: MessageRow;
  let answer: MessageRow;
  let byId: Map<string, MessageRow>;
  beforeAll(async () => {
    ({ question, answer } = await exchange());
    byId = new Map([question, answer].map((m) => [m.messageId, m]));
  });

  it('is ask for a new message', () => {
    expect(turnMode(askInput(userId, { parentMessageId: answer.messageId }), byId)).toBe('ask');
  });

  it('is regenerate for Regenerate', () => {
    const input = askInput(userId, { isRegenerate: true, parentMessageId: question.messageId });
    expect(turnMode(input, byId)).toBe('regenerate');
  });

  it('is continue for Continue, whatever else the body says', () => {
    const input = askInput(userId, {
      isContinued: true,
      isRegenerate: true,
      responseMessageId: answer.messageId,
    });
    expect(turnMode(input, byId)).toBe('continue');
  });

  it('is continue for an edit of an AI message on the edit route', () => {
    const input = askInput(userId, { isEdited: true, responseMessageId: answer.messageId }, 'edit');
    expect(turnMode(input, byId)).toBe('continue');
  });

  it('is not continue for an edit of a user message, an edit on the ask route, or an unknown message', () => {
    const ofUser = askInput(userId, { isEdited: true, responseMessageId: question.messageId }, 'edit');
    const onAsk = askInput(userId, { isEdited: true, responseMessageId: answer.messageId }, 'ask');
    const unknown = askInput(userId, { isEdited: true, responseMessageId: randomUUID() }, 'edit');
    const unknownRegenerate = askInput(
      userId,
      { isEdited: true, isRegenerate: true, responseMessageId: randomUUID() },
      'edit',
    );
    expect([ofUser, onAsk, unknown].map((input) => turnMode(input, byId))).toEqual(['ask', 'ask', 'ask']);
    expect(turnMode(unknownRegenerate, byId)).toBe('regenerate');
  });
});
