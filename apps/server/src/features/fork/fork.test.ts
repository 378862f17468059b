import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORK_TEXTS,
  NO_PARENT,
  type FileObject,
  type ForkConversationResponse,
  type Message,
} from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { finalOf } from '../../../test/support/sse-client.js';

type User = Awaited<ReturnType<typeof chatUser>>;

/**
 * A branched conversation of `user` (texts are what the fake answers):
 *
 *   Q1 ─┬─ A1 ── Q3 ── A3
 *       └─ A1 (regenerated) ─┬─ Q2 ── A2
 *                            └─ Q2b ── A2b     (Q2 edited: the branch shown)
 */
async function branchedTree(user: User) {
  const ask = async (
    text: string,
    after: { conversationId: string; parentMessageId: string } | null,
    extra = {},
  ) => {
    const final = finalOf((await user.ask({ text, ...(after ?? {}), ...extra })).events);
    return final;
  };
  const first = await ask('Q1 [[fake reply="A1"]]', null);
  const conversationId = first.conversation.conversationId;
  const q1 = first.requestMessage.messageId;
  const a1 = first.responseMessage.messageId;
  const regen = await ask(
    first.requestMessage.text,
    { conversationId, parentMessageId: q1 },
    { isRegenerate: true },
  );
  const a1b = regen.responseMessage.messageId;
  const third = await ask('Q3 [[fake reply="A3"]]', { conversationId, parentMessageId: a1 });
  const second = await ask('Q2 [[fake reply="A2"]]', { conversationId, parentMessageId: a1b });
  const edited = await ask('Q2b [[fake reply="A2b"]]', { conversationId, parentMessageId: a1b });
  return {
    conversationId,
    q1,
    a1,
    a1b,
    q3: third.requestMessage.messageId,
    q2: second.requestMessage.messageId,
    q2b: edited.requestMessage.messageId,
    a2b: edited.responseMessage.messageId,
  };
}

/** Each message as "text < parent's text" (roots: "text < root"), sorted: the tree's shape by text. */
function shape(messages: readonly Message[]): string[] {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  const label = (m: Message) => m.text.replace(/ \[\[.*\]\]$/, '');
  return messages
    .map((m) => {
      const parent = byId.get(m.parentMessageId);
      return `${label(m)} < ${parent ? label(parent) : m.parentMessageId === NO_PARENT ? 'root' : 'MISSING'}`;
    })
    .sort();
}

describe('fork and duplicate over HTTP', () => {
  let h: ChatHarness;
  let dataDir: string;
  let alice: User;
  let bob: User;
  let tree: Awaited<ReturnType<typeof branchedTree>>;
  let source: Message[];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fork-test-'));
    h = await startChatApp({
      files: { strategy: 'local', dataDir },
      // Many forks of one user here; the limit has its own test below.
      fork: { userMax: 1000, userWindowMs: 60_000, ipMax: 1000, ipWindowMs: 60_000 },
    });
    alice = await chatUser(h, 'Alice');
    bob = await chatUser(h, 'Bob');
    tree = await branchedTree(alice);
    const renamed = await alice.api('/api/convos/update', {
      body: { arg: { conversationId: tree.conversationId, title: 'Trip plans' } },
    });
    expect(renamed.ok).toBe(true);
    source = await alice.messages(tree.conversationId);
    expect(source).toHaveLength(9);
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const fork = async (user: User, body: Record<string, unknown>) => {
    const res = await user.api('/api/convos/fork', { body });
    return {
      status: res.status,
      body: (await res.json()) as ForkConversationResponse & { message?: string },
    };
  };

  /** The copy is a whole new conversation: new ids, remapped parents, times parent before child. */
  async function expectWellFormedCopy(copy: ForkConversationResponse) {
    const { conversation, messages } = copy;
    expect(conversation.conversationId).not.toBe(tree.conversationId);
    expect(conversation.title).toBe('Trip plans');
    expect(conversation.endpoint).toBe('openAI');
    expect(conversation.model).toBe('gpt-4o-mini');
    const sourceIds = new Set(source.map((m) => m.messageId));
    const ids = new Set(messages.map((m) => m.messageId));
    for (const m of messages) {
      expect(sourceIds.has(m.messageId)).toBe(false);
      expect(m.conversationId).toBe(conversation.conversationId);
      if (m.parentMessageId !== NO_PARENT) {
        expect(ids.has(m.parentMessageId)).toBe(true);
        const parent = messages.find((p) => p.messageId === m.parentMessageId)!;
        expect(Date.parse(m.createdAt)).toBeGreaterThan(Date.parse(parent.createdAt));
      }
    }
    // Saved as answered: the list of the new conversation is the answer's.
    expect(await alice.messages(conversation.conversationId)).toEqual(messages);
    const listed = (await (await alice.api(`/api/convos/${conversation.conversationId}`)).json()) as {
      title: string;
    };
    expect(listed.title).toBe('Trip plans');
  }

  it('directPath copies only the path from the root to the message', async () => {
    const { status, body } = await fork(alice, {
      conversationId: tree.conversationId,
      messageId: tree.q2b,
      option: 'directPath',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(shape(body.messages)).toEqual(['A1 < Q1', 'Q1 < root', 'Q2b < A1']);
    await expectWellFormedCopy(body);
  });

  it('includeBranches adds the siblings along the path, not what follows them', async () => {
    const { status, body } = await fork(alice, {
      conversationId: tree.conversationId,
      messageId: tree.q2b,
      option: 'includeBranches',
    });
    expect(status).toBe(200);
    expect(shape(body.messages)).toEqual(['A1 < Q1', 'A1 < Q1', 'Q1 < root', 'Q2 < A1', 'Q2b < A1']);
    await expectWellFormedCopy(body);
  });

  it('targetLevel (the default) copies every branch down to the message’s level', async () => {
    const expected = ['A1 < Q1', 'A1 < Q1', 'Q1 < root', 'Q2 < A1', 'Q2b < A1', 'Q3 < A1'];
    const named = await fork(alice, {
      conversationId: tree.conversationId,
      messageId: tree.q2b,
      option: 'targetLevel',
    });
    expect(named.status).toBe(200);
    expect(shape(named.body.messages)).toEqual(expected);
    await expectWellFormedCopy(named.body);
    // No option, and LibreChat's 'default': the same.
    for (const option of [undefined, 'default']) {
      const { status, body } = await fork(alice, {
        conversationId: tree.conversationId,
        messageId: tree.q2b,
        option,
      });
      expect(status).toBe(200);
      expect(shape(body.messages)).toEqual(expected);
    }
  });

  it('splitAtTarget starts the copy at the message’s level, measured from the latest message', async () => {
    const all = await fork(alice, {
      conversationId: tree.conversationId,
      messageId: tree.q2b,
      option: 'targetLevel',
      splitAtTarget: true,
      latestMessageId: tree.a2b,
    });
    expect(all.status).toBe(200);
    expect(shape(all.body.messages)).toEqual([
      'A2 < Q2',
      'A2b < Q2b',
      'A3 < Q3',
      'Q2 < root',
      'Q2b < root',
      'Q3 < root',
    ]);
    await expectWellFormedCopy(all.body);

    const path = await fork(alice, {
      conversationId: tree.conversationId,
      messageId: tree.q2b,
      option: 'directPath',
      splitAtTarget: true,
      latestMessageId: tree.a2b,
    });
    expect(path.status).toBe(200);
    expect(shape(path.body.messages)).toEqual(['A2b < Q2b', 'Q2b < root']);

    const without = await fork(alice, {
      conversationId: tree.conversationId,
      messageId: tree.q2b,
      splitAtTarget: true,
    });
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(FORK_TEXTS.latestRequired);
  });

  it('duplicate copies every message of every branch, with the title and settings', async () => {
    const res = await alice.api('/api/convos/duplicate', { body: { conversationId: tree.conversationId } });
    expect(res.status).toBe(201);
    const copy = (await res.json()) as ForkConversationResponse;
    expect(shape(copy.messages)).toEqual(shape(source));
    await expectWellFormedCopy(copy);
    // The source is untouched.
    expect(await alice.messages(tree.conversationId)).toEqual(source);
  });

  it('answers 404 for another user’s conversation or message, and for a message of another conversation', async () => {
    const body = { conversationId: tree.conversationId, messageId: tree.q2b };
    const other = await fork(bob, body);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(FORK_TEXTS.conversationNotFound);
    const dup = await bob.api('/api/convos/duplicate', { body: { conversationId: tree.conversationId } });
    expect(dup.status).toBe(404);

    // Bob's own conversation with Alice's message in it: not found either.
    const bobs = finalOf((await bob.ask({ text: 'Mine [[fake reply="ok"]]' })).events);
    const mixed = await fork(bob, { conversationId: bobs.conversation.conversationId, messageId: tree.q2b });
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toBe(FORK_TEXTS.messageNotFound);
    // Alice's message of another conversation of hers, and an unknown latest message.
    const hers = finalOf((await alice.ask({ text: 'Elsewhere [[fake reply="ok"]]' })).events);
    const elsewhere = await fork(alice, {
      conversationId: tree.conversationId,
      messageId: hers.responseMessage.messageId,
    });
    expect(elsewhere.status).toBe(404);
    const latest = await fork(alice, {
      ...body,
      splitAtTarget: true,
      latestMessageId: hers.responseMessage.messageId,
    });
    expect(latest.status).toBe(404);
    // Nothing was created for Bob by the refusals.
    const list = (await (await bob.api('/api/convos')).json()) as { conversations: unknown[] };
    expect(list.conversations).toHaveLength(1);
  });

  it('keeps attached files: both copies reference the user’s file, deleting one conversation leaves the other’s', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'map.png');
    form.append('file_id', crypto.randomUUID());
    form.append('width', '8');
    form.append('height', '8');
    const uploaded = await fetch(`${h.url}/api/files/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.user.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const file = (await uploaded.json()) as FileObject;
    const asked = finalOf(
      (
        await alice.ask({
          text: 'What is this? [[fake reply="A map"]]',
          files: [{ file_id: file.file_id, filepath: file.filepath }],
        })
      ).events,
    );
    const conversationId = asked.conversation.conversationId;
    const { status, body } = await fork(alice, {
      conversationId,
      messageId: asked.responseMessage.messageId,
    });
    expect(status).toBe(200);
    const question = body.messages.find((m) => m.isCreatedByUser)!;
    expect(question.files?.map((f) => f.file_id)).toEqual([file.file_id]);

    const deleted = await alice.api('/api/convos/clear', { body: { arg: { conversationId } } });
    expect(deleted.ok).toBe(true);
    const [kept] = (await alice.messages(body.conversation.conversationId)).filter((m) => m.isCreatedByUser);
    expect(kept?.files?.map((f) => f.file_id)).toEqual([file.file_id]);
    const download = await fetch(`${h.url}${file.filepath}`, {
      headers: { authorization: `Bearer ${alice.user.token}` },
    });
    expect(download.status).toBe(200);
    // Read to the end: an unread body keeps its connection open and the app's close waiting.
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe('fork limits', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({ fork: { userMax: 2, userWindowMs: 60_000, ipMax: 1000, ipWindowMs: 60_000 } });
  });
  afterAll(() => h.close());

  it('refuses a user past FORK_USER_MAX with 429, forks and duplicates counted together', async () => {
    const carol = await chatUser(h, 'Carol');
    const dave = await chatUser(h, 'Dave');
    const c = finalOf((await carol.ask({ text: 'Hi [[fake reply="Hello"]]' })).events);
    const body = { conversationId: c.conversation.conversationId, messageId: c.responseMessage.messageId };
    expect((await carol.api('/api/convos/fork', { body })).status).toBe(200);
    const dup = { conversationId: c.conversation.conversationId };
    expect((await carol.api('/api/convos/duplicate', { body: dup })).status).toBe(201);
    const refused = await carol.api('/api/convos/fork', { body });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(FORK_TEXTS.tooMany);
    // Another user is counted apart.
    const d = finalOf((await dave.ask({ text: 'Hi [[fake reply="Hello"]]' })).events);
    const daves = { conversationId: d.conversation.conversationId, messageId: d.responseMessage.messageId };
    expect((await dave.api('/api/convos/fork', { body: daves })).status).toBe(200);
  });
});
