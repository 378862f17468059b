import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_PARENT,
  SEARCH_LIMITS,
  type ApiErrorBody,
  type FinalEvent,
  type SearchPage,
} from '@chat/contract';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import { createdOf } from '../../../test/support/sse-client.js';
import { sql } from 'drizzle-orm';
import { createConvosRepo } from '../convos/index.js';
import { createMessagesRepo } from '../messages/index.js';
import { mergeRanked } from './service.js';
import type { Hit } from './repo.js';

let h: ChatHarness;
let alice: Awaited<ReturnType<typeof chatUser>>;
let bob: Awaited<ReturnType<typeof chatUser>>;
beforeAll(async () => {
  h = await startChatApp({ titleConvo: false });
  alice = await chatUser(h, 'Alice');
  bob = await chatUser(h, 'Bob');
});
afterAll(() => h.close());

type User = typeof alice;

async function search(user: User, q: string, pageNumber?: number): Promise<SearchPage> {
  const res = await searchRes(user, q, pageNumber);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchPage;
}

function searchRes(user: User, q: string, pageNumber?: number): Promise<Response> {
  const page = pageNumber === undefined ? '' : `&pageNumber=${pageNumber}`;
  return user.api(`/api/search?q=${encodeURIComponent(q)}${page}`);
}

/** One exchange; the fake upstream answers `reply` (so its words are in the AI's text only). */
async function chat(user: User, text: string, reply = 'ok') {
  h.fake.enqueue({ reply });
  const r = await user.ask({ text });
  expect(r.status).toBe(200);
  return (r.events.at(-1)!.data as FinalEvent).conversation;
}

describe('GET /api/search', () => {
  it('finds words in the user’s and the AI’s text, with the conversation’s title', async () => {
    const c = await chat(alice, 'Tell me about quokkas', 'Marsupials from Rottnest island');
    await alice.api('/api/convos/update', {
      body: { arg: { conversationId: c.conversationId, title: 'Small animals' } },
    });

    const mine = await search(alice, 'QUOKKAS');
    expect(mine.messages).toHaveLength(1);
    expect(mine.messages[0]).toMatchObject({
      conversationId: c.conversationId,
      isCreatedByUser: true,
      title: 'Small animals',
      excerpt: false,
    });
    expect(mine.messages[0]!.text).toContain('quokkas');
    expect(mine.conversations.map((x) => x.conversationId)).toEqual([c.conversationId]);
    expect(mine).toMatchObject({ pageNumber: 1, pageSize: SEARCH_LIMITS.pageSize, pages: 1 });

    const ai = await search(alice, 'rottnest');
    expect(ai.messages).toHaveLength(1);
    expect(ai.messages[0]).toMatchObject({ isCreatedByUser: false, conversationId: c.conversationId });

    // Whole words; the last one may be the start of a word (typing in progress). A message with
    // only some of the words is still found, ranked after those with all (search-languages.test).
    expect((await search(alice, 'marsupials island')).messages).toHaveLength(1);
    expect((await search(alice, 'marsupials rott')).messages).toHaveLength(1);
    expect((await search(alice, 'quok')).messages).toHaveLength(1);
    expect((await search(alice, 'marsupials volcano')).messages).toHaveLength(1);
    expect((await search(alice, 'volcano')).messages).toHaveLength(0);
    expect((await search(alice, 'arsupials')).messages).toHaveLength(0);
  });

  it('finds conversations by title, but not by the placeholder title', async () => {
    const c = await chat(alice, 'Some question', 'Some answer');
    await alice.api('/api/convos/update', {
      body: { arg: { conversationId: c.conversationId, title: 'Zeppelin maintenance' } },
    });
    const byTitle = await search(alice, 'zeppelin');
    expect(byTitle.conversations.map((x) => x.conversationId)).toEqual([c.conversationId]);
    expect(byTitle.messages).toHaveLength(0);
    expect(byTitle.conversations[0]!.title).toBe('Zeppelin maintenance');

    // A conversation still named by the placeholder (every chat gets a title after its first
    // reply, so one is made here as it is before that).
    await createConvosRepo(h.database.db).insert({
      conversationId: crypto.randomUUID(),
      userId: alice.user.user.id,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      options: {},
      createdAt: new Date(),
    });
    const placeholder = await search(alice, 'new chat');
    expect(placeholder.conversations).toHaveLength(0);
  });

  it('shows a reply as the plain text it reads as; a person’s own text as they typed it', async () => {
    const reply =
      '## Numbat facts\n\n```js\nlet numbat = 1;\n```\n\n| a | b |\n|---|---|\n| **numbat** | [link](http://x.test) |';
    await chat(alice, 'What is a **numbat**?', reply);
    const found = await search(alice, 'numbat');
    const ai = found.messages.find((m) => !m.isCreatedByUser)!;
    expect(ai.text).toBe('Numbat facts\n\nlet numbat = 1;\n\na · b\nnumbat · link');
    expect(found.messages.find((m) => m.isCreatedByUser)!.text).toBe('What is a **numbat**?');
  });

  it('finds any language and keeps the words as data', async () => {
    await chat(alice, 'Привет, как дела? 日本語のテキスト', 'Ça va très bien');
    expect((await search(alice, 'привет')).messages).toHaveLength(1);
    expect((await search(alice, 'ДЕЛА')).messages).toHaveLength(1);
    expect((await search(alice, 'très')).messages).toHaveLength(1);
    expect((await search(alice, '日本語')).messages).toHaveLength(1);
  });

  it('shows nothing of another user’s data', async () => {
    await chat(alice, 'Secret platypus plans', 'Platypus noted');
    expect((await search(alice, 'platypus')).messages).toHaveLength(2);
    const theirs = await search(bob, 'platypus');
    expect(theirs.messages).toHaveLength(0);
    expect(theirs.conversations).toHaveLength(0);
  });

  it('pages newest first, 25 hits a page, with pages = pageNumber + 1 while more exist', async () => {
    const pager = await chatUser(h, 'Pager');
    const userId = pager.user.user.id;
    const convos = createConvosRepo(h.database.db);
    const msgs = createMessagesRepo(h.database.db);
    const base = Date.now() - 1_000_000;
    const conversationId = crypto.randomUUID();
    await convos.insert({
      conversationId,
      userId,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      options: {},
      createdAt: new Date(base),
    });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const messageId = crypto.randomUUID();
      ids.push(messageId);
      await msgs.insert({
        messageId,
        conversationId,
        userId,
        parentMessageId: NO_PARENT,
        sender: 'User',
        text: i % 2 === 0 ? `Number ${i} is a wombat` : `Number ${i} is something else`,
        isCreatedByUser: true,
        createdAt: new Date(base + i * 1000),
      });
    }
    const expected = ids.filter((_, i) => i % 2 === 0).reverse(); // 30 hits, newest first
    const p1 = await search(pager, 'wombat');
    expect(p1).toMatchObject({ pageNumber: 1, pageSize: 25, pages: 2 });
    expect(p1.messages.map((m) => m.messageId)).toEqual(expected.slice(0, 25));
    const p2 = await search(pager, 'wombat', 2);
    expect(p2).toMatchObject({ pageNumber: 2, pages: 2 });
    expect(p2.messages.map((m) => m.messageId)).toEqual(expected.slice(25));
    const p3 = await search(pager, 'wombat', 3);
    expect(p3).toMatchObject({ messages: [], conversations: [], pageNumber: 3, pages: 3 });
    expect(p1.conversations.map((c) => c.conversationId)).toEqual([conversationId]);

    // The phrase first, then the messages with some of the words, newest first.
    const phrase = await search(pager, 'number 4 is a wombat');
    expect(phrase.messages.map((m) => m.text).slice(0, 3)).toEqual([
      'Number 4 is a wombat',
      'Number 59 is something else',
      'Number 58 is a wombat',
    ]);
  });

  it('gives the same newest-first hits whether a word is frequent (recent rows) or rare (index)', async () => {
    const many = await chatUser(h, 'Many');
    const userId = many.user.user.id;
    const conversationId = crypto.randomUUID();
    await createConvosRepo(h.database.db).insert({
      conversationId,
      userId,
      endpoint: 'openAI',
      model: null,
      options: {},
      createdAt: new Date(),
    });
    // 8,000 messages, one a second: every one says "common"; the 10 oldest and 3 newest also
    // say "ancient", every 1,000th "sparse".
    await h.database.db.execute(sql`
      insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
        is_created_by_user, created_at, updated_at)
      select gen_random_uuid(), ${conversationId}, ${userId}, ${NO_PARENT}, 'User',
        'message ' || g || ' common' || case when g <= 10 or g > 7997 then ' ancient' else '' end
          || case when g % 1000 = 0 then ' sparse' else '' end,
        true, now() - interval '1 day' + g * interval '1 second', now()
      from generate_series(1, 8000) g`);
    const numbers = (page: SearchPage) => page.messages.map((m) => Number(m.text.split(' ')[1]));

    const common = await search(many, 'common');
    expect(numbers(common)).toEqual(Array.from({ length: 25 }, (_, i) => 8000 - i));
    expect(common.pages).toBe(2);
    const deep = await search(many, 'common', 100);
    expect(numbers(deep)).toEqual(Array.from({ length: 25 }, (_, i) => 8000 - 99 * 25 - i));

    const ancient = await search(many, 'ancient');
    expect(numbers(ancient)).toEqual([8000, 7999, 7998, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(ancient.pages).toBe(1);
    expect(numbers(await search(many, 'sparse'))).toEqual([8000, 7000, 6000, 5000, 4000, 3000, 2000, 1000]);
    expect(numbers(await search(many, 'message 1234')).slice(0, 3)).toEqual([1234, 8000, 7999]);
    // A recent phrase match ranks first, once (it also holds every part), then the newest with one.
    expect(numbers(await search(many, 'message 7999'))).toEqual([
      7999,
      8000,
      ...Array.from({ length: 23 }, (_, i) => 7998 - i),
    ]);
    expect((await search(bob, 'ancient')).messages).toHaveLength(0);

    // Most of them deleted: the user once filled the window, and still gets every hit.
    await h.database.db.execute(
      sql`delete from messages where user_id = ${userId} and text not like ${'% ancient%'}`,
    );
    const left = await search(many, 'common');
    expect(numbers(left)).toEqual([8000, 7999, 7998, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(left.pages).toBe(1);
  });

  it('finds titles among thousands of conversations, frequent words newest first and rare ones however old', async () => {
    const traveller = await chatUser(h, 'Traveller');
    const userId = traveller.user.user.id;
    // 3,000 conversations, one a second: every title says "trip"; every 1,000th also "kiwi".
    await h.database.db.execute(sql`
      insert into conversations (conversation_id, user_id, title, endpoint, model, options, created_at, updated_at)
      select gen_random_uuid(), ${userId}, 'Trip ' || g || case when g % 1000 = 0 then ' kiwi' else '' end,
        'openAI', 'gpt-4o-mini', '{}'::jsonb, now() - interval '1 day' + g * interval '1 second',
        now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, 3000) g`);
    const numbers = (page: SearchPage) => page.conversations.map((c) => Number(c.title.split(' ')[1]));
    const trips = await search(traveller, 'trip');
    expect(numbers(trips)).toEqual(Array.from({ length: 25 }, (_, i) => 3000 - i));
    expect(trips.pages).toBe(2);
    const deep = await search(traveller, 'trip', 60);
    expect(numbers(deep)).toEqual(Array.from({ length: 25 }, (_, i) => 3000 - 59 * 25 - i));
    expect(numbers(await search(traveller, 'kiwi'))).toEqual([3000, 2000, 1000]);
    // The conversations of a page are listed newest first: the one with both words is on it, with
    // the 24 newest that hold one.
    const both = numbers(await search(traveller, 'trip 1000'));
    expect(both).toHaveLength(25);
    expect(both).toContain(1000);
    expect(both.slice(0, 3)).toEqual([3000, 2999, 2998]);
  });

  it('finds a reply only once it has stopped streaming, and an edited message at once', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `numbat${i}`).join(' ');
    h.fake.enqueue({ reply: `streamedword ${words}`, tokensPerSecond: 10 });
    let conversationId = '';
    const streaming = alice.ask(
      { text: 'Talk slowly' },
      { onEvent: (e) => void (conversationId = createdOf(e)?.conversationId ?? conversationId) },
    );
    // Wait for a flush of the text so far, then search: the streaming reply is not indexed yet.
    await waitFor(async () => {
      if (!conversationId) return false;
      const rows = await alice.messages(conversationId);
      return rows.some((m) => !m.isCreatedByUser && m.text.includes('streamedword'));
    });
    expect((await search(alice, 'streamedword')).messages).toHaveLength(0);

    const stop = await alice.api('/api/ask/openAI/abort', { body: { abortKey: conversationId } });
    expect(stop.status).toBe(200);
    await streaming;
    const stopped = await search(alice, 'streamedword');
    expect(stopped.messages).toHaveLength(1);
    expect(stopped.messages[0]).toMatchObject({ conversationId, isCreatedByUser: false });

    const [request] = await alice.messages(conversationId);
    const edit = await alice.api(`/api/messages/${conversationId}/${request!.messageId}`, {
      method: 'PUT',
      body: { text: 'Talk slowly about bilbies' },
    });
    expect(edit.status).toBe(200);
    expect((await search(alice, 'bilbies')).messages).toHaveLength(1);
  });

  it('cuts a long text to a window around the first match', async () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(200);
    await chat(alice, `${filler} the capybara sat here ${filler}`, 'ok');
    const [hit] = (await search(alice, 'capybara')).messages;
    expect(hit!.excerpt).toBe(true);
    expect(hit!.text.length).toBeLessThanOrEqual(SEARCH_LIMITS.excerptChars + 2);
    expect(hit!.text).toContain('capybara');
    expect(hit!.text.startsWith('…')).toBe(true);
    expect(hit!.text.endsWith('…')).toBe(true);
  });

  it('answers 400 for an empty, blank, missing or too long query, and a bad page', async () => {
    const expect400 = async (path: string) => {
      const res = await alice.api(path);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiErrorBody).code).toBe('validation_error');
    };
    await expect400('/api/search?q=');
    await expect400('/api/search?q=%20%20%20');
    await expect400('/api/search');
    await expect400(`/api/search?q=${'a'.repeat(SEARCH_LIMITS.queryMaxChars + 1)}`);
    await expect400('/api/search?q=a&q=b');
    await expect400('/api/search?q=hello&pageNumber=0');
    await expect400('/api/search?q=hello&pageNumber=abc');
    await expect400(`/api/search?q=hello&pageNumber=${SEARCH_LIMITS.maxPageNumber + 1}`);
    expect((await searchRes(alice, 'a'.repeat(SEARCH_LIMITS.queryMaxChars))).status).toBe(200);
    // Surrounding spaces are trimmed before the length check.
    expect((await searchRes(alice, ` ${'a'.repeat(SEARCH_LIMITS.queryMaxChars)} `)).status).toBe(200);
  });

  it('never fails on special characters', async () => {
    await chat(alice, "It's a 'quoted' word: fish & chips | (maybe) !bang \\slash* 🎉 party");
    const nasty = [
      "'",
      "''",
      ':',
      ':*',
      '&',
      '|',
      '!',
      '(',
      ')',
      '\\',
      '*',
      '🎉',
      '<->',
      'fish & chips',
      'fish | chips',
      '!fish',
      '(fish',
      "fish'",
      'fish:*',
      'fish\\',
      '\\fish',
      'chips)',
      "it's",
      '"unterminated',
      '%',
      '_',
      '%00',
      'a\u0000b',
      'ﬁsh',
      'İstanbul',
      '🎉 party',
      '-fish',
      'fish or chips',
      "'; DROP TABLE messages; --",
    ];
    for (const q of nasty) {
      const res = await searchRes(alice, q);
      expect.soft(res.status, JSON.stringify(q)).toBeLessThan(500);
      if (res.status === 200) {
        expect(Array.isArray(((await res.json()) as SearchPage).messages)).toBe(true);
      } else {
        expect.soft(res.status, JSON.stringify(q)).toBe(400);
      }
    }
    // Malformed percent-encoding and a lone surrogate in UTF-8.
    for (const raw of ['%ED%A0%80', '%FF', '%', '%E0%A4%A']) {
      expect.soft((await alice.api(`/api/search?q=${raw}`)).status, raw).toBeLessThan(500);
    }
    const found = await search(alice, 'fish & chips');
    expect(found.messages.some((m) => m.text.includes('fish & chips'))).toBe(true);
    expect((await search(alice, "'quoted'")).messages).toHaveLength(1);
    expect((await search(alice, '🎉 party')).messages).toHaveLength(1);
    expect((await search(alice, '🎉')).messages).toHaveLength(0);
    // The table is still there.
    expect((await search(alice, 'quokkas')).messages).toHaveLength(1);
  });

  it('requires a bearer token', async () => {
    expect((await fetch(`${h.url}/api/search?q=hello`)).status).toBe(401);
    expect((await fetch(`${h.url}/api/search/enable`)).status).toBe(401);
  });
});

describe('GET /api/search/enable', () => {
  it('is always true', async () => {
    const res = await alice.api('/api/search/enable');
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(true);
  });
});

describe('mergeRanked', () => {
  const hit = (kind: Hit['kind'], id: string, t: number, rank = 0): Hit => ({
    kind,
    id,
    conversationId: id,
    at: new Date(t),
    rank,
  });

  it('merges two newest-first lists, keeping each list’s order, messages first on a tie', () => {
    const a = [hit('message', 'a1', 50), hit('message', 'a2', 30), hit('message', 'a3', 30)];
    const b = [hit('title', 'b1', 40), hit('title', 'b2', 30), hit('title', 'b3', 10)];
    expect(mergeRanked(a, b).map((x) => x.id)).toEqual(['a1', 'b1', 'a2', 'a3', 'b2', 'b3']);
    expect(mergeRanked([], b)).toEqual(b);
    expect(mergeRanked(a, [])).toEqual(a);
  });

  it('puts a better tier first, however old', () => {
    const a = [hit('message', 'a1', 50, 1), hit('message', 'a2', 40, 2)];
    const b = [hit('title', 'b1', 10, 0), hit('title', 'b2', 60, 2)];
    expect(mergeRanked(a, b).map((x) => x.id)).toEqual(['b1', 'a1', 'b2', 'a2']);
  });
});

describe("the messages' search index", () => {
  it('merges its pending entries every 256 kB, so no single save carries a merge of 4 MB', async () => {
    const res = await h.database.db.execute(
      sql`select reloptions from pg_class where relname = 'messages_text_tsv_idx'`,
    );
    expect(res.rows[0]!.reloptions).toContain('gin_pending_list_limit=256');
  });
});
