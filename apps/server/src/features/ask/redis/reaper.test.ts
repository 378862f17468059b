import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinalEvent } from '@chat/contract';
import { createConvosRepo } from '../../convos/index.js';
import { createMessagesRepo } from '../../messages/index.js';
import { chatUser, startChatApp, type ChatHarness } from '../../../../test/support/chat-harness.js';
import { createLostReplySaver } from './reaper.js';

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp({ titleConvo: false });
  alice = await chatUser(h, 'Alice');
});
afterAll(() => h.close());

describe('a reply lost with its instance', () => {
  it("is saved stopped with its text and where its model's context began", async () => {
    const first = (await alice.ask({ text: 'One [[fake reply="1"]]' })).events.at(-1)!.data as FinalEvent;
    const conversationId = first.conversation.conversationId;
    const userId = alice.user.user.id;
    const db = h.database.db;
    const messages = createMessagesRepo(db);
    const replyId = first.responseMessage.messageId;
    // As the instance left it: the reply unfinished, its start (the resumed snapshot) in Redis.
    await messages.update(userId, replyId, { text: 'partial', unfinished: true, contextMessageId: null });
    const start = {
      conversationId,
      requestMessage: first.requestMessage,
      responseMessage: {
        ...first.responseMessage,
        text: '',
        contextMessageId: first.requestMessage.messageId,
      },
    };
    const save = createLostReplySaver({ db, convos: createConvosRepo(db), messages });
    const result = await save({ userId, start, text: 'partial so far' });
    expect(result?.responseMessage).toMatchObject({
      text: 'partial so far',
      unfinished: true,
      contextMessageId: first.requestMessage.messageId,
    });
    const saved = (await alice.messages(conversationId)).find((m) => m.messageId === replyId)!;
    expect(saved.contextMessageId).toBe(first.requestMessage.messageId);
  });
});
