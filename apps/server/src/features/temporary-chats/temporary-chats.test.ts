import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_INTERFACE_CONFIG,
  isFinalEvent,
  type Conversation,
  type ConvosPage,
  type SearchPage,
} from '@chat/contract';
import { yamlInterfaceSchema } from '../../config/yaml-interface.js';
import { messages } from '../../db/schema.js';
import type { FeatureModule } from '../../platform/module.js';
import { chatUser, startChatApp } from '../../../test/support/chat-harness.js';
import type { TemporaryChats } from './index.js';

type User = Awaited<ReturnType<typeof chatUser>>;
const HOUR = 3_600_000;

/** The app with a clock the test moves on, and the module's sweep to run after moving it. */
async function start(ui: Record<string, unknown> = {}) {
  let offset = 0;
  let sweeper: Pick<TemporaryChats, 'sweep'> | undefined;
  const reader: FeatureModule = {
    name: 'test: temporary chats sweep',
    register({ use }) {
      sweeper = use('temporaryChats');
    },
  };
  const h = await startChatApp(
    { interface: { ...DEFAULT_INTERFACE_CONFIG, ...ui } },
    { clock: () => Date.now() + offset, extraModules: [reader] },
  );
  return {
    h,
    later: (ms: number) => {
      offset += ms;
    },
    sweep: () => sweeper!.sweep(),
  };
}

/** Sends a message; the final event's conversation and reply id. */
async function send(user: User, body: Record<string, unknown>) {
  const r = await user.ask(body);
  const final = r.events.map((e) => e.data).find(isFinalEvent);
  if (!final) throw new Error(`ask failed: ${r.status} ${JSON.stringify(r.events)}`);
  return { conversation: final.conversation, replyId: final.responseMessage.messageId };
}

/**
 * Sweeps as the minute timer does until the conversation is gone; how many the passes deleted. A
 * row another write holds at that moment (the reply's title being saved) is passed over by one
 * pass (SKIP LOCKED) and taken by the next, which on a loaded database server can be the second.
 */
async function sweepUntilGone(
  t: Awaited<ReturnType<typeof start>>,
  user: User,
  conversationId: string,
): Promise<number> {
  let deleted = 0;
  await vi.waitFor(
    async () => {
      deleted += await t.sweep();
      expect((await conversation(user, conversationId)).status).toBe(404);
    },
    { timeout: 10_000, interval: 50 },
  );
  return deleted;
}

const listed = async (user: User) =>
  ((await (await user.api('/api/convos?pageNumber=1')).json()) as ConvosPage).conversations.map(
    (c) => c.conversationId,
  );
const searched = async (user: User, q: string) =>
  (await (await user.api(`/api/search?q=${encodeURIComponent(q)}`)).json()) as SearchPage;
const conversation = async (user: User, id: string) => {
  const res = await user.api(`/api/convos/${id}`);
  return { status: res.status, body: (await res.json()) as Conversation };
};

describe('temporary chats over HTTP', () => {
  let t: Awaited<ReturnType<typeof start>>;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    t = await start();
    alice = await chatUser(t.h, 'Alice');
    bob = await chatUser(t.h, 'Bob');
  });
  afterAll(() => t.h.close());

  const messageCount = async (conversationId: string) => {
    const [row] = await t.h.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    return row!.n;
  };

  it('saves a temporary chat its owner reads, ending after the default 720 hours, out of the list and search', async () => {
    const before = Date.now();
    const temp = await send(alice, { text: 'Remember zebrafinch once', isTemporary: true });
    const kept = await send(alice, { text: 'Remember zebrafinch forever' });
    const end = new Date(temp.conversation.expiredAt!).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 720 * HOUR);
    expect(end).toBeLessThanOrEqual(Date.now() + 720 * HOUR);
    expect(kept.conversation.expiredAt).toBeUndefined();

    const read = await conversation(alice, temp.conversation.conversationId);
    expect(read.status).toBe(200);
    expect(read.body.expiredAt).toBe(temp.conversation.expiredAt);
    expect((await alice.messages(temp.conversation.conversationId)).map((m) => m.text)).toEqual([
      'Remember zebrafinch once',
      expect.any(String),
    ]);
    // Someone else's temporary chat is as unknown as any of their conversations.
    expect((await conversation(bob, temp.conversation.conversationId)).status).toBe(404);

    const ids = await listed(alice);
    expect(ids).toContain(kept.conversation.conversationId);
    expect(ids).not.toContain(temp.conversation.conversationId);

    const found = await searched(alice, 'zebrafinch');
    // The kept chat's messages (the fake's reply may repeat the word), none of the temporary one.
    expect(found.messages.length).toBeGreaterThan(0);
    expect(new Set(found.messages.map((m) => m.conversationId))).toEqual(
      new Set([kept.conversation.conversationId]),
    );
    // Nor is it found by its title.
    await alice.api('/api/convos/update', {
      body: { arg: { conversationId: temp.conversation.conversationId, title: 'Quokka notes' } },
    });
    await alice.api('/api/convos/update', {
      body: { arg: { conversationId: kept.conversation.conversationId, title: 'Quokka keeps' } },
    });
    const byTitle = await searched(alice, 'quokka');
    expect(byTitle.conversations.map((c) => c.conversationId)).toEqual([kept.conversation.conversationId]);
  });

  it('keeps a continued temporary chat temporary, its end moved on; ignores the flag on a kept conversation', async () => {
    const temp = await send(alice, { text: 'First', isTemporary: true });
    t.later(HOUR);
    const next = await send(alice, {
      text: 'Second, without the flag',
      conversationId: temp.conversation.conversationId,
      parentMessageId: temp.replyId,
    });
    expect(new Date(next.conversation.expiredAt!).getTime()).toBeGreaterThanOrEqual(
      new Date(temp.conversation.expiredAt!).getTime() + HOUR,
    );
    expect(await listed(alice)).not.toContain(temp.conversation.conversationId);

    const kept = await send(alice, { text: 'A kept one' });
    const flagged = await send(alice, {
      text: 'Now temporary?',
      conversationId: kept.conversation.conversationId,
      parentMessageId: kept.replyId,
      isTemporary: true,
    });
    expect(flagged.conversation.expiredAt).toBeUndefined();
    expect(await listed(alice)).toContain(kept.conversation.conversationId);
  });

  it('sweeps ended temporary chats with their messages, and nothing else', async () => {
    const temp = await send(bob, { text: 'Gone soon', isTemporary: true });
    const kept = await send(bob, { text: 'Here to stay' });
    expect(await messageCount(temp.conversation.conversationId)).toBe(2);

    t.later(719 * HOUR);
    await t.sweep();
    expect((await conversation(bob, temp.conversation.conversationId)).status).toBe(200);

    t.later(2 * HOUR);
    expect(await sweepUntilGone(t, bob, temp.conversation.conversationId)).toBeGreaterThanOrEqual(1);
    expect(await messageCount(temp.conversation.conversationId)).toBe(0);
    expect((await bob.api(`/api/messages/${temp.conversation.conversationId}`)).status).toBe(404);
    // A second sweep (another instance's) finds nothing left and harms nothing.
    expect(await t.sweep()).toBe(0);
    expect((await conversation(bob, kept.conversation.conversationId)).status).toBe(200);
    expect(await messageCount(kept.conversation.conversationId)).toBe(2);
  });
});

describe('temporary chats as librechat.yaml sets them', () => {
  it('ends them after interface.temporaryChatRetention hours', async () => {
    const t = await start({ temporaryChatRetention: 2 });
    try {
      const user = await chatUser(t.h, 'Carol');
      const before = Date.now();
      const temp = await send(user, { text: 'Two hours', isTemporary: true });
      const end = new Date(temp.conversation.expiredAt!).getTime();
      expect(end).toBeGreaterThanOrEqual(before + 2 * HOUR);
      expect(end).toBeLessThanOrEqual(Date.now() + 2 * HOUR);
      t.later(HOUR);
      await t.sweep();
      expect((await conversation(user, temp.conversation.conversationId)).status).toBe(200);
      t.later(HOUR + 60_000);
      await sweepUntilGone(t, user, temp.conversation.conversationId);
    } finally {
      await t.h.close();
    }
  });

  it('ignores the flag when interface.temporaryChat is false: the conversation is kept and listed', async () => {
    const t = await start({ temporaryChat: false });
    try {
      const user = await chatUser(t.h, 'Dave');
      const sent = await send(user, { text: 'Temporary?', isTemporary: true });
      expect(sent.conversation.expiredAt).toBeUndefined();
      expect(await listed(user)).toContain(sent.conversation.conversationId);
    } finally {
      await t.h.close();
    }
  });

  it("reads the keys with LibreChat's bounds (1 to 8760 hours)", () => {
    expect(yamlInterfaceSchema.parse({ temporaryChat: false, temporaryChatRetention: 48 })).toEqual({
      temporaryChat: false,
      temporaryChatRetention: 48,
    });
    expect(yamlInterfaceSchema.safeParse({ temporaryChatRetention: 0 }).success).toBe(false);
    expect(yamlInterfaceSchema.safeParse({ temporaryChatRetention: 8761 }).success).toBe(false);
    expect(yamlInterfaceSchema.safeParse({ temporaryChat: 'yes' }).success).toBe(false);
  });
});
