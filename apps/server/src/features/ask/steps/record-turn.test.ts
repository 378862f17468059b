import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationOptions } from '@chat/contract';
import { createConvosRepo, type ConvosRepo } from '../../convos/index.js';
import { createMessagesRepo, type MessagesRepo } from '../../messages/index.js';
import { openTestDatabase, type TestDatabase } from '../../../../test/support/database.js';
import {
  askInput,
  insertUser,
  OFFLINE_ENDPOINT,
  saveConversation,
  saveMessage,
} from '../../../../test/support/ask-steps.js';
import { findConversation, loadHistory } from './load-history.js';
import { recordTurn, type RecordDeps } from './record-turn.js';
import type { AskInput } from './types.js';

let database: TestDatabase;
let convos: ConvosRepo;
let messages: MessagesRepo;
let deps: RecordDeps;
let userId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  convos = createConvosRepo(database.db);
  messages = createMessagesRepo(database.db);
  deps = { db: database.db, convos, messages };
  userId = await insertUser(database.db, 'Recorder');
});
afterAll(() => database.close());

const endpoint = { ...OFFLINE_ENDPOINT, label: 'OpenAI' };

/** The steps before record turn (find, load history), then record turn itself. */
async function record(input: AskInput, options: ConversationOptions = {}) {
  const history = await loadHistory(input, await findConversation(input, convos), messages);
  return recordTurn(deps, input, { endpoint, model: 'gpt-4o' }, history, { options });
}

/** A saved conversation with a question and a (failed) answer. */
async function exchange() {
  const conversation = await saveConversation(convos, userId, { temperature: 0.1 });
  const at = { conversationId: conversation.conversationId, userId };
  const question = await saveMessage(messages, at, { text: 'Why?' });
  const answer = await saveMessage(
    messages,
    { ...at, parentMessageId: question.messageId },
    { text: 'Because', isCreatedByUser: false, error: true, finishReason: 'error' },
  );
  return { conversation, question, answer, conversationId: conversation.conversationId };
}

const listOf = (conversationId: string) => messages.listForConversation(userId, conversationId);

describe('record turn: ask', () => {
  it('saves a new conversation, the trimmed user message and the unfinished reply', async () => {
    const [messageId, responseMessageId] = [randomUUID(), randomUUID()];
    const input = askInput(userId, { text: '  Hello there \n', messageId, responseMessageId });
    const recorded = await record(input, { chatGptLabel: 'Tutor', temperature: 0.4 });

    const id = recorded.conversation.conversationId;
    expect(await convos.get(userId, id)).toMatchObject({
      endpoint: 'openAI',
      model: 'gpt-4o',
      options: { chatGptLabel: 'Tutor', temperature: 0.4 },
    });
    const [request, reply] = await listOf(id);
    expect(request).toMatchObject({ messageId, text: 'Hello there', isCreatedByUser: true, sender: 'User' });
    expect(reply).toMatchObject({
      messageId: responseMessageId,
      parentMessageId: messageId,
      text: '',
      isCreatedByUser: false,
      unfinished: true,
      sender: 'Tutor',
      model: 'gpt-4o',
    });
    expect(reply!.createdAt.getTime()).toBe(request!.createdAt.getTime() + 1);
    // The rows the one statement returns are the rows a select reads back, field for field.
    expect(recorded.requestMessage).toEqual(request);
    expect(recorded.responseMessage).toEqual(reply);
    expect(recorded.conversation).toEqual(await convos.get(userId, id));
    expect(recorded.conversation.createdAt).toBeInstanceOf(Date);
    expect(recorded.prefix).toBe('');
  });

  it('gives the reply a fresh id when it asks for the id of its own user message', async () => {
    const messageId = randomUUID();
    const recorded = await record(askInput(userId, { messageId, responseMessageId: messageId }));
    expect(recorded.requestMessage.messageId).toBe(messageId);
    expect(recorded.responseMessage.messageId).not.toBe(messageId);
    expect(recorded.responseMessage.parentMessageId).toBe(messageId);
  });

  it("updates an existing conversation's endpoint, model and options; the reply is named after the endpoint", async () => {
    const { conversationId, answer } = await exchange();
    const input = askInput(userId, { conversationId, parentMessageId: answer.messageId, text: 'And then?' });
    const recorded = await record(input, { temperature: 0.9 });
    expect(await convos.get(userId, conversationId)).toMatchObject({
      model: 'gpt-4o',
      options: { temperature: 0.9 },
    });
    expect(recorded.requestMessage).toMatchObject({ parentMessageId: answer.messageId, text: 'And then?' });
    expect(recorded.responseMessage.sender).toBe('OpenAI');
    expect(recorded.conversation).toEqual(await convos.get(userId, conversationId));
    expect(await listOf(conversationId)).toHaveLength(4);
  });

  it('answers not_found and writes no message when the conversation is deleted before the turn is saved', async () => {
    const { conversationId, answer } = await exchange();
    const input = askInput(userId, {
      conversationId,
      parentMessageId: answer.messageId,
      text: 'Still there?',
    });
    const history = await loadHistory(input, await findConversation(input, convos), messages);
    await convos.remove(userId, conversationId);
    await expect(
      recordTurn(deps, input, { endpoint, model: 'gpt-4o' }, history, { options: {} }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await listOf(conversationId)).toEqual([]);
  });

  it('refuses a parent outside the conversation and saves nothing, not even the new conversation', async () => {
    const before = await convos.countFor(userId);
    await expect(record(askInput(userId, { parentMessageId: randomUUID() }))).rejects.toMatchObject({
      code: 'validation_error',
    });
    expect(await convos.countFor(userId)).toBe(before);
  });

  it("refuses a message id that is taken (another user's) with id_conflict, saving nothing", async () => {
    const other = await insertUser(database.db, 'Other');
    const theirs = await saveConversation(convos, other);
    const taken = await saveMessage(
      messages,
      { conversationId: theirs.conversationId, userId: other },
      { text: 'Mine' },
    );
    const before = await convos.countFor(userId);
    await expect(record(askInput(userId, { messageId: taken.messageId }))).rejects.toMatchObject({
      code: 'id_conflict',
    });
    expect(await convos.countFor(userId)).toBe(before);
    expect(await messages.get(other, taken.messageId)).toEqual(taken);
  });

  it('gives the reply a fresh id when the one asked for is taken', async () => {
    const other = await insertUser(database.db, 'Other');
    const theirs = await saveConversation(convos, other);
    const taken = await saveMessage(
      messages,
      { conversationId: theirs.conversationId, userId: other },
      { text: 'Mine' },
    );
    const recorded = await record(askInput(userId, { responseMessageId: taken.messageId }));
    expect(recorded.responseMessage.messageId).not.toBe(taken.messageId);
    expect(await messages.get(other, taken.messageId)).toEqual(taken);
  });
});

describe('record turn: regenerate', () => {
  it('adds a new unfinished reply to the user message, and no user message', async () => {
    const { conversationId, question, answer } = await exchange();
    const input = askInput(userId, {
      conversationId,
      parentMessageId: question.messageId,
      isRegenerate: true,
    });
    const recorded = await record(input);
    expect(recorded.requestMessage).toEqual(question);
    expect(recorded.responseMessage).toMatchObject({
      parentMessageId: question.messageId,
      unfinished: true,
      text: '',
    });
    expect(recorded.responseMessage.messageId).not.toBe(answer.messageId);
    const ids = (await listOf(conversationId)).map((m) => m.messageId);
    expect(ids.sort()).toEqual(
      [question.messageId, answer.messageId, recorded.responseMessage.messageId].sort(),
    );
  });

  it('refuses a parent that is not a user message, leaving the conversation as it was', async () => {
    const { conversationId, conversation, answer } = await exchange();
    const input = askInput(userId, { conversationId, parentMessageId: answer.messageId, isRegenerate: true });
    await expect(record(input, { temperature: 1.5 })).rejects.toMatchObject({ code: 'not_found' });
    expect(await convos.get(userId, conversationId)).toEqual(conversation);
    expect(await listOf(conversationId)).toHaveLength(2);
  });

  it('refuses to regenerate in a new conversation, which is then not created', async () => {
    const before = await convos.countFor(userId);
    await expect(record(askInput(userId, { isRegenerate: true, text: '' }))).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await convos.countFor(userId)).toBe(before);
  });
});

describe('record turn: continue', () => {
  it('reopens the AI message with its text as the prefix', async () => {
    const { conversationId, question, answer } = await exchange();
    const input = askInput(userId, {
      conversationId,
      responseMessageId: answer.messageId,
      isContinued: true,
      text: '',
    });
    const recorded = await record(input);
    expect(recorded.prefix).toBe('Because');
    expect(recorded.requestMessage).toEqual(question);
    const saved = await messages.get(userId, answer.messageId);
    expect(await listOf(conversationId)).toHaveLength(2);
    expect(saved).toMatchObject({
      messageId: answer.messageId,
      text: 'Because',
      unfinished: true,
      error: false,
      finishReason: null,
      isEdited: false,
    });
    expect(recorded.responseMessage).toEqual(saved);
  });

  it('continues from the edited text of an AI message, marked edited', async () => {
    const { conversationId, answer } = await exchange();
    const input = askInput(
      userId,
      { conversationId, responseMessageId: answer.messageId, isEdited: true, text: 'Because it is' },
      'edit',
    );
    const recorded = await record(input);
    expect(recorded.prefix).toBe('Because it is');
    expect(await messages.get(userId, answer.messageId)).toMatchObject({
      text: 'Because it is',
      isEdited: true,
    });
  });

  it('refuses to continue an unknown message, leaving the conversation as it was', async () => {
    const { conversationId, conversation } = await exchange();
    const input = askInput(userId, {
      conversationId,
      responseMessageId: randomUUID(),
      isContinued: true,
      text: '',
    });
    await expect(record(input, { temperature: 1.5 })).rejects.toMatchObject({ code: 'not_found' });
    expect(await convos.get(userId, conversationId)).toEqual(conversation);
  });
});
