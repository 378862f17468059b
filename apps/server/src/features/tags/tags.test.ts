import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isFinalEvent,
  TAG_LIMITS,
  TAG_TEXTS,
  type ApiErrorBody,
  type Conversation,
  type ConversationTag,
  type ConvosPage,
  type StartupConfig,
} from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { registerUser, startTestApp, authed, type Harness } from '../../../test/support/harness.js';

type User = Awaited<ReturnType<typeof chatUser>>;

/** A finished conversation of `user`; its id. */
async function converse(user: User, text: string): Promise<string> {
  const r = await user.ask({ text: `${text} [[fake reply="Noted"]]` });
  const final = r.events.map((e) => e.data).find(isFinalEvent);
  if (!final) throw new Error(`ask failed: ${r.status}`);
  return final.conversation.conversationId;
}

/** The path of a tag: its name percent-encoded as one segment. */
const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const tagsOf = (user: User) => json<ConversationTag[]>(user.api('/api/tags'));
const listed = async (user: User) => (await tagsOf(user)).map((t) => [t.tag, t.position, t.count] as const);
const create = (user: User, body: Record<string, unknown>, status = 200) =>
  json<ConversationTag>(user.api('/api/tags', { body }), status);
const update = (user: User, tag: string, body: Record<string, unknown>, status = 200) =>
  json<ConversationTag>(user.api(tagPath(tag), { method: 'PUT', body }), status);
const setOn = (user: User, conversationId: string, tags: string[], status = 200) =>
  json<string[]>(user.api(`/api/tags/convo/${conversationId}`, { method: 'PUT', body: { tags } }), status);
const convo = (user: User, id: string) => json<Conversation>(user.api(`/api/convos/${id}`));
/** The ids of the conversations `GET /api/convos` lists for this query string. */
const filtered = async (user: User, query: string) =>
  (await json<ConvosPage>(user.api(`/api/convos?pageNumber=1${query}`))).conversations
    .map((c) => c.conversationId)
    .sort();

describe('bookmarks over HTTP', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp();
  });
  afterAll(() => h.close());

  it('creates tags at the end of the list; a taken name answers the existing tag', async () => {
    const alice = await chatUser(h, 'Alice');
    expect(await tagsOf(alice)).toEqual([]);
    const work = await create(alice, { tag: '  Work  ', description: 'Things to do' });
    expect(work).toMatchObject({
      tag: 'Work',
      user: alice.user.user.id,
      description: 'Things to do',
      count: 0,
      position: 1,
    });
    expect(Date.parse(work.createdAt)).not.toBeNaN();
    await create(alice, { tag: 'Later' });
    const again = await create(alice, { tag: 'Work', description: 'Something else' });
    expect(again).toEqual(work);
    expect(await listed(alice)).toEqual([
      ['Work', 1, 0],
      ['Later', 2, 0],
    ]);
    const blank = await json<ApiErrorBody>(alice.api('/api/tags', { body: { tag: ' \n ' } }), 400);
    expect(blank.issues?.[0]?.key).toBe('com_ui_bookmarks_title_required');
  });

  it('puts a new or existing tag on a conversation with addToConversation; counts come from the conversations', async () => {
    const alice = await chatUser(h, 'Alice');
    const first = await converse(alice, 'First');
    const second = await converse(alice, 'Second');
    const made = await create(alice, { tag: 'Read', addToConversation: true, conversationId: first });
    expect(made.count).toBe(1);
    expect((await convo(alice, first)).tags).toEqual(['Read']);
    // An existing tag is put on the conversation too, once.
    expect(
      (await create(alice, { tag: 'Read', addToConversation: true, conversationId: second })).count,
    ).toBe(2);
    await create(alice, { tag: 'Read', addToConversation: true, conversationId: second });
    expect((await convo(alice, second)).tags).toEqual(['Read']);
    // Without addToConversation the conversation is left alone.
    await create(alice, { tag: 'Other', conversationId: first });
    expect((await convo(alice, first)).tags).toEqual(['Read']);
    expect(await listed(alice)).toEqual([
      ['Read', 1, 2],
      ['Other', 2, 0],
    ]);
    // The conversation's tags are in the list too.
    const page = await json<ConvosPage>(alice.api('/api/convos?pageNumber=1'));
    expect(page.conversations.find((c) => c.conversationId === first)?.tags).toEqual(['Read']);
  });

  it('renames a tag and every conversation carrying it follows; a taken name is 409', async () => {
    const alice = await chatUser(h, 'Alice');
    const c1 = await converse(alice, 'One');
    const c2 = await converse(alice, 'Two');
    await setOn(alice, c1, ['Draft', 'Keep']);
    await setOn(alice, c2, ['Keep', 'Draft']);
    const renamed = await update(alice, 'Draft', { tag: 'Final', description: 'Done' });
    expect(renamed).toMatchObject({ tag: 'Final', description: 'Done', count: 2, position: 1 });
    expect((await convo(alice, c1)).tags).toEqual(['Final', 'Keep']);
    expect((await convo(alice, c2)).tags).toEqual(['Keep', 'Final']);
    expect(await listed(alice)).toEqual([
      ['Final', 1, 2],
      ['Keep', 2, 2],
    ]);
    const taken = await json<ApiErrorBody>(
      alice.api(tagPath('Final'), { method: 'PUT', body: { tag: 'Keep' } }),
      409,
    );
    expect(taken).toMatchObject({ code: 'conflict', message: TAG_TEXTS.exists });
    expect((await convo(alice, c1)).tags).toEqual(['Final', 'Keep']);
    // The same name again is no rename; a description alone changes only that.
    expect(await update(alice, 'Final', { tag: 'Final', description: '' })).toMatchObject({
      tag: 'Final',
      description: '',
    });
    const missing = await json<ApiErrorBody>(alice.api(tagPath('Nope'), { method: 'PUT', body: {} }), 404);
    expect(missing).toMatchObject({ code: 'not_found', message: TAG_TEXTS.notFound });
  });

  it('moves a tag: the others shift to make room and the places stay 1..n', async () => {
    const alice = await chatUser(h, 'Alice');
    for (const tag of ['A', 'B', 'C', 'D']) await create(alice, { tag });
    const names = async () => (await tagsOf(alice)).map((t) => `${t.position}${t.tag}`);
    expect((await update(alice, 'A', { position: 3 })).position).toBe(3);
    expect(await names()).toEqual(['1B', '2C', '3A', '4D']);
    await update(alice, 'D', { position: 1 });
    expect(await names()).toEqual(['1D', '2B', '3C', '4A']);
    // Past the end is the end.
    expect((await update(alice, 'B', { position: 50 })).position).toBe(4);
    expect(await names()).toEqual(['1D', '2C', '3A', '4B']);
    await update(alice, 'C', { position: 2 });
    expect(await names()).toEqual(['1D', '2C', '3A', '4B']);
    await json<ApiErrorBody>(alice.api(tagPath('A'), { method: 'PUT', body: { position: 0 } }), 400);
  });

  it('deletes a tag: off every conversation, the gap in the places closed', async () => {
    const alice = await chatUser(h, 'Alice');
    const c1 = await converse(alice, 'One');
    await setOn(alice, c1, ['X', 'Y', 'Z']);
    const deleted = await json<ConversationTag>(alice.api(tagPath('Y'), { method: 'DELETE' }));
    expect(deleted).toMatchObject({ tag: 'Y', position: 2, count: 1 });
    expect((await convo(alice, c1)).tags).toEqual(['X', 'Z']);
    expect(await listed(alice)).toEqual([
      ['X', 1, 1],
      ['Z', 2, 1],
    ]);
    const again = await json<ApiErrorBody>(alice.api(tagPath('Y'), { method: 'DELETE' }), 404);
    expect(again.message).toBe(TAG_TEXTS.notFound);
    // Deleting the conversation takes it out of the counts.
    await json(alice.api('/api/convos/clear', { body: { arg: { conversationId: c1 } } }));
    expect(await listed(alice)).toEqual([
      ['X', 1, 0],
      ['Z', 2, 0],
    ]);
  });

  it("sets a conversation's whole set: new names become tags at the end, each name once", async () => {
    const alice = await chatUser(h, 'Alice');
    const c1 = await converse(alice, 'One');
    const c2 = await converse(alice, 'Two');
    await create(alice, { tag: 'Old' });
    expect(await setOn(alice, c1, ['New', ' Old ', 'New', 'Fresh'])).toEqual(['New', 'Old', 'Fresh']);
    expect(await setOn(alice, c2, ['Fresh'])).toEqual(['Fresh']);
    expect(await listed(alice)).toEqual([
      ['Old', 1, 1],
      ['New', 2, 1],
      ['Fresh', 3, 2],
    ]);
    expect(await setOn(alice, c1, ['Fresh'])).toEqual(['Fresh']);
    expect((await convo(alice, c1)).tags).toEqual(['Fresh']);
    // Taken off every conversation, a tag stays in the list with no count.
    expect(await setOn(alice, c2, [])).toEqual([]);
    expect(await listed(alice)).toEqual([
      ['Old', 1, 0],
      ['New', 2, 0],
      ['Fresh', 3, 1],
    ]);
  });

  it('filters the conversations list by any of the tags named', async () => {
    const alice = await chatUser(h, 'Alice');
    const [c1, c2, c3] = [
      await converse(alice, 'One'),
      await converse(alice, 'Two'),
      await converse(alice, 'Three'),
    ];
    await setOn(alice, c1, ['red']);
    await setOn(alice, c2, ['blue', 'red']);
    await setOn(alice, c3, ['green']);
    expect(await filtered(alice, '&tags=red')).toEqual([c1, c2].sort());
    expect(await filtered(alice, '&tags=blue')).toEqual([c2]);
    expect(await filtered(alice, '&tags=blue&tags=green')).toEqual([c2, c3].sort());
    expect(await filtered(alice, '&tags=none')).toEqual([]);
    expect(await filtered(alice, '')).toEqual([c1, c2, c3].sort());
    const page = await json<ConvosPage>(alice.api('/api/convos?pageNumber=1&tags=green'));
    expect(page.pages).toBe(1);
    const many = Array.from({ length: TAG_LIMITS.maxFilterTags + 1 }, (_, i) => `tags=t${i}`).join('&');
    await json<ApiErrorBody>(alice.api(`/api/convos?pageNumber=1&${many}`), 400);
  });

  it('takes names with spaces, slashes and any script in the path, percent-encoded', async () => {
    const alice = await chatUser(h, 'Alice');
    const c1 = await converse(alice, 'One');
    const names = ['to read / later', 'Ünïcødé 📚', '50% off?', 'a#b&c', 'convo'];
    for (const tag of names) await create(alice, { tag, addToConversation: true, conversationId: c1 });
    expect((await convo(alice, c1)).tags).toEqual(names);
    expect(await update(alice, 'to read / later', { tag: 'read/now' })).toMatchObject({
      tag: 'read/now',
      count: 1,
    });
    expect(await update(alice, 'Ünïcødé 📚', { description: 'books' })).toMatchObject({
      description: 'books',
    });
    // A tag named like the conversation route's segment is still a tag.
    expect(await update(alice, 'convo', { position: 1 })).toMatchObject({ tag: 'convo', position: 1 });
    expect(await json<ConversationTag>(alice.api(tagPath('50% off?'), { method: 'DELETE' }))).toMatchObject({
      tag: '50% off?',
    });
    expect(await filtered(alice, `&tags=${encodeURIComponent('a#b&c')}`)).toEqual([c1]);
    expect((await convo(alice, c1)).tags).toEqual(['read/now', 'Ünïcødé 📚', 'a#b&c', 'convo']);
  });

  it('keeps the places 1..n under requests at once, and one tag of a name', async () => {
    const alice = await chatUser(h, 'Alice');
    const c1 = await converse(alice, 'Busy');
    const names = Array.from({ length: 8 }, (_, i) => `n${i}`);
    await Promise.all([
      ...names.map((tag) => create(alice, { tag })),
      ...names.map((tag) => create(alice, { tag, addToConversation: true, conversationId: c1 })),
      setOn(alice, c1, ['set-a', 'set-b']),
    ]);
    const tags = await tagsOf(alice);
    expect(tags.map((t) => t.tag).sort()).toEqual([...names, 'set-a', 'set-b'].sort());
    expect(tags.map((t) => t.position)).toEqual(tags.map((_, i) => i + 1));
  });

  it("keeps people apart: another's conversation is 404, their tags invisible and out of reach", async () => {
    const alice = await chatUser(h, 'Alice');
    const bob = await chatUser(h, 'Bob');
    const c1 = await converse(alice, 'Private');
    await setOn(alice, c1, ['Secret']);
    const refused = await json<ApiErrorBody>(
      bob.api(`/api/tags/convo/${c1}`, { method: 'PUT', body: { tags: ['Mine'] } }),
      404,
    );
    expect(refused).toMatchObject({ code: 'not_found', message: TAG_TEXTS.conversationNotFound });
    const onto = await json<ApiErrorBody>(
      bob.api('/api/tags', { body: { tag: 'Mine', addToConversation: true, conversationId: c1 } }),
      404,
    );
    expect(onto.message).toBe(TAG_TEXTS.conversationNotFound);
    // Nothing was left behind by the refused requests.
    expect(await tagsOf(bob)).toEqual([]);
    await json(bob.api(tagPath('Secret'), { method: 'PUT', body: { tag: 'Taken' } }), 404);
    await json(bob.api(tagPath('Secret'), { method: 'DELETE' }), 404);
    // Bob's own tag of the same name is his: counted from his conversations only.
    expect((await create(bob, { tag: 'Secret' })).count).toBe(0);
    expect(await filtered(bob, '&tags=Secret')).toEqual([]);
    expect(await listed(alice)).toEqual([['Secret', 1, 1]]);
    expect((await convo(alice, c1)).tags).toEqual(['Secret']);
    const unknown = crypto.randomUUID();
    await json(alice.api(`/api/tags/convo/${unknown}`, { method: 'PUT', body: { tags: [] } }), 404);
  });

  it(`holds a person to ${TAG_LIMITS.maxTagsPerUser} tags`, async () => {
    const alice = await chatUser(h, 'Alice');
    const c1 = await converse(alice, 'Many');
    const c2 = await converse(alice, 'More');
    const all = Array.from({ length: TAG_LIMITS.maxTagsPerUser - 1 }, (_, i) => `tag ${i + 1}`);
    expect(await setOn(alice, c1, all)).toHaveLength(all.length);
    // One more would pass the limit with two new names: nothing of the request is kept.
    const over = await json<ApiErrorBody>(
      alice.api(`/api/tags/convo/${c2}`, { method: 'PUT', body: { tags: ['tag 1', 'x', 'y'] } }),
      400,
    );
    expect(over.message).toBe(TAG_TEXTS.tooMany);
    expect((await convo(alice, c2)).tags).toEqual([]);
    await create(alice, { tag: 'last' });
    const refused = await json<ApiErrorBody>(alice.api('/api/tags', { body: { tag: 'one more' } }), 400);
    expect(refused.message).toBe(TAG_TEXTS.tooMany);
    // Existing names still go on conversations, and a taken name still answers its tag.
    expect(await setOn(alice, c2, ['tag 1', 'last'])).toEqual(['tag 1', 'last']);
    expect((await create(alice, { tag: 'last' })).count).toBe(1);
    const tags = await tagsOf(alice);
    expect(tags).toHaveLength(TAG_LIMITS.maxTagsPerUser);
    expect(tags.map((t) => t.position)).toEqual(tags.map((_, i) => i + 1));
    const long = 'x'.repeat(TAG_LIMITS.tagMaxChars + 1);
    const tooLong = await json<ApiErrorBody>(
      alice.api(tagPath('tag 1'), { method: 'PUT', body: { tag: long } }),
      400,
    );
    expect(tooLong.issues?.[0]?.key).toBe('com_ui_bookmarks_title_too_long');
  });
});

describe('bookmarks turned off (interface.bookmarks: false)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({
      interface: {
        endpointsMenu: true,
        modelSelect: true,
        parameters: true,
        presets: true,
        bookmarks: false,
      },
    });
  });
  afterAll(() => h.close());

  it('answers 403 on every route, ignores the filter, and tells the web app', async () => {
    const user = await registerUser(h.url);
    const api = authed(h.url, user.token);
    const id = crypto.randomUUID();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/tags', undefined],
      ['POST', '/api/tags', { tag: 'x' }],
      ['PUT', tagPath('x'), { description: 'y' }],
      ['DELETE', tagPath('x'), undefined],
      ['PUT', `/api/tags/convo/${id}`, { tags: ['x'] }],
      // Refused before the input is read.
      ['POST', '/api/tags', { tag: 42 }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as ApiErrorBody).code).toBe('forbidden');
    }
    expect((await api('/api/convos?pageNumber=1&tags=x')).status).toBe(200);
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config.interface?.bookmarks).toBe(false);
  });
});
