import { describe, expect, it } from 'vitest';
import { NO_PARENT, type Message } from '@chat/contract';
import { planSubmission, type SubmitContext } from './plan';

const ctx: SubmitContext = {
  conversationId: 'c1',
  endpoint: 'assistant',
  model: 'gpt-3.5-turbo-1106',
  sender: 'Helper',
  userSender: 'User',
  assistant: { assistantId: 'asst_abc', threadId: 'thread_1' },
  newId: () => 'm1',
};

const msg = (over: Partial<Message>): Message =>
  ({
    messageId: 'u1',
    conversationId: 'c1',
    parentMessageId: NO_PARENT,
    sender: 'User',
    text: 'Hi',
    isCreatedByUser: true,
    ...over,
  }) as Message;

describe('planSubmission for an assistant conversation', () => {
  it('asks through /api/assistants/chat with the assistant and its thread', () => {
    const plan = planSubmission({ kind: 'ask', text: 'Hello', parentMessageId: NO_PARENT }, ctx);
    expect(plan.path).toBe('/api/assistants/chat');
    expect(plan.body).toMatchObject({ assistant_id: 'asst_abc', thread_id: 'thread_1', text: 'Hello' });
  });

  it('sends an edited reply to /api/assistants/chat/modify', () => {
    const user = msg({});
    const reply = msg({ messageId: 'r1', parentMessageId: 'u1', isCreatedByUser: false, text: 'Old' });
    const plan = planSubmission(
      { kind: 'edit-reply', userMessage: user, responseMessage: reply, text: 'New' },
      ctx,
    );
    expect(plan.path).toBe('/api/assistants/chat/modify');
    expect(plan.body).toMatchObject({ assistant_id: 'asst_abc', isEdited: true, responseMessageId: 'r1' });
  });

  it('keeps the ordinary ask path without an assistant', () => {
    const { assistant: _a, ...plain } = ctx;
    const plan = planSubmission(
      { kind: 'ask', text: 'Hello', parentMessageId: NO_PARENT },
      { ...plain, endpoint: 'openAI' },
    );
    expect(plan.path).toBe('/api/ask/openAI');
    expect(plan.body).not.toHaveProperty('assistant_id');
  });
});

describe('planSubmission with images', () => {
  it('sends the message’s files and shows them on the optimistic message at once', () => {
    const { assistant: _a, ...plain } = ctx;
    const files = [
      { file_id: 'f1', filepath: '/api/files/download/f1', type: 'image/png', width: 4, height: 3 },
    ];
    const plan = planSubmission(
      { kind: 'ask', text: 'What is this?', parentMessageId: NO_PARENT, files },
      { ...plain, endpoint: 'openAI' },
    );
    expect(plan.body).toMatchObject({ text: 'What is this?', files });
    expect(plan.optimistic[0]).toMatchObject({ isCreatedByUser: true, files });
    const without = planSubmission(
      { kind: 'ask', text: 'Hi', parentMessageId: NO_PARENT, files: [] },
      { ...plain, endpoint: 'openAI' },
    );
    expect(without.body).not.toHaveProperty('files');
  });
});

describe('planSubmission with what a feature adds to a new conversation', () => {
  const plain: SubmitContext = {
    conversationId: null,
    endpoint: 'openAI',
    model: 'gpt-4o',
    sender: 'OpenAI',
    userSender: 'User',
    newId: () => 'm1',
  };
  const extras = { body: { isTemporary: true }, conversation: { expiredAt: '2027-01-01T00:00:00.000Z' } };

  it("sends the fields and keeps the conversation's for its first copy when the send starts one", () => {
    const plan = planSubmission(
      { kind: 'ask', text: 'Hi', parentMessageId: NO_PARENT },
      { ...plain, newConversation: extras },
    );
    expect(plan.body).toMatchObject({ isTemporary: true, text: 'Hi', conversationId: null });
    expect(plan.newConversation).toEqual({ expiredAt: '2027-01-01T00:00:00.000Z' });
  });

  it('leaves them out of a send in a saved conversation', () => {
    const plan = planSubmission(
      { kind: 'ask', text: 'Hi', parentMessageId: NO_PARENT },
      { ...plain, conversationId: 'c1', newConversation: extras },
    );
    expect(plan.body).not.toHaveProperty('isTemporary');
    expect(plan.newConversation).toBeUndefined();
  });
});

describe('planSubmission with what a feature adds to each new message (compare)', () => {
  const plain: SubmitContext = {
    conversationId: 'c1',
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    sender: 'OpenAI',
    userSender: 'User',
    newId: () => 'm1',
  };
  const created = () => undefined;
  const askExtras = { body: { addedConvo: { endpoint: 'anthropic', model: 'claude' } }, created };

  it('a new message carries the fields and tells who hears its created event', () => {
    const plan = planSubmission(
      { kind: 'ask', text: 'Hi', parentMessageId: NO_PARENT },
      { ...plain, askExtras },
    );
    expect(plan.body).toMatchObject({
      addedConvo: { endpoint: 'anthropic', model: 'claude' },
      model: 'gpt-4o-mini',
    });
    expect(plan.onCreated).toBe(created);
  });

  it('a regenerate does not', () => {
    const plan = planSubmission({ kind: 'regenerate', userMessage: msg({}) }, { ...plain, askExtras });
    expect(plan.body).not.toHaveProperty('addedConvo');
    expect(plan.onCreated).toBeUndefined();
  });
});

describe("planSubmission on a feature's endpoint", () => {
  const routed: SubmitContext = {
    conversationId: 'c1',
    endpoint: 'agents',
    model: 'agent_abc',
    sender: 'Pirate',
    userSender: 'User',
    newId: () => 'm1',
    route: { ask: '/api/x/chat', edit: '/api/x/edit', body: { agent_id: 'agent_abc' } },
  };

  it("asks and edits through the feature's route, with what it names", () => {
    const plan = planSubmission({ kind: 'ask', text: 'Hello', parentMessageId: NO_PARENT }, routed);
    expect(plan.path).toBe('/api/x/chat');
    expect(plan.body).toMatchObject({ agent_id: 'agent_abc', endpoint: 'agents', text: 'Hello' });
    const user = msg({});
    const reply = msg({ messageId: 'r1', parentMessageId: 'u1', isCreatedByUser: false, text: 'Old' });
    const edit = planSubmission(
      { kind: 'edit-reply', userMessage: user, responseMessage: reply, text: 'New' },
      routed,
    );
    expect(edit.path).toBe('/api/x/edit');
    expect(edit.body).toMatchObject({ agent_id: 'agent_abc', isEdited: true });
  });

  it('an assistant conversation keeps its own routes', () => {
    const plan = planSubmission(
      { kind: 'ask', text: 'Hello', parentMessageId: NO_PARENT },
      { ...routed, assistant: { assistantId: 'asst_1', threadId: null } },
    );
    expect(plan.path).toBe('/api/assistants/chat');
    expect(plan.body).not.toHaveProperty('agent_id');
  });
});
