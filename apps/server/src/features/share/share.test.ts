import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isFinalEvent,
  type SharedLink,
  type SharedLinksPage,
  type SharedSnapshot,
  type SiteTranslator,
} from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';

type User = Awaited<ReturnType<typeof chatUser>>;

// The public pages' dictionaries from source (the build's site-ssr/ssr.js is the same module
// bundled). A computed path: the server's type check does not compile the web client.
const SSR_SOURCE = ['..', '..', '..', '..', 'web', 'src', 'site', 'ssr.tsx'].join('/');
const loadTranslator = async () =>
  (
    (await import(/* @vite-ignore */ new URL(SSR_SOURCE, import.meta.url).href)) as {
      siteTexts: SiteTranslator;
    }
  ).siteTexts;

/** A finished conversation of `user`: its id and the reply's message id. */
async function converse(
  user: User,
  text: string,
  after?: { conversationId: string; parentMessageId: string },
) {
  const r = await user.ask({ text, ...after });
  const final = r.events.map((e) => e.data).find(isFinalEvent);
  if (!final) throw new Error(`ask failed: ${r.status}`);
  return { conversationId: final.conversation.conversationId, replyId: final.responseMessage.messageId };
}

const share = async (user: User, conversationId: string) => {
  const res = await user.api(`/api/share/${conversationId}`, { body: {} });
  return { status: res.status, link: (await res.json()) as SharedLink };
};

describe('shared links over HTTP', () => {
  let h: ChatHarness;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    h = await startChatApp({}, { siteTranslator: await loadTranslator() });
    alice = await chatUser(h, 'Alice');
    bob = await chatUser(h, 'Bob');
  });
  afterAll(() => h.close());

  const anonymous = (path: string) => fetch(`${h.url}${path}`);

  it('shares the branch up to the newest message; anyone with the link reads it, nothing of the account', async () => {
    const c = await converse(alice, 'Hello there [[fake reply="Hi **Alice**"]]');
    const { status, link } = await share(alice, c.conversationId);
    expect(status, JSON.stringify(link)).toBe(200);
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{21,}$/);
    expect(link.conversationId).toBe(c.conversationId);
    // Asked again: the same link, not a second one.
    expect((await share(alice, c.conversationId)).link.shareId).toBe(link.shareId);
    const found = await (await alice.api(`/api/share/link/${c.conversationId}`)).json();
    expect(found).toEqual({ success: true, shareId: link.shareId, conversationId: c.conversationId });

    const res = await anonymous(`/api/share/${link.shareId}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const snapshot = JSON.parse(text) as SharedSnapshot;
    expect(snapshot.messages.map((m) => [m.isCreatedByUser, m.text])).toEqual([
      [true, 'Hello there [[fake reply="Hi **Alice**"]]'],
      [false, 'Hi **Alice**'],
    ]);
    // The reply is signed as the chat signs it: the endpoint's name, not its id ("openAI").
    expect(snapshot.messages[1]?.sender).toBe('OpenAI');
    expect(text).not.toContain(alice.user.user.id);
    expect(text).not.toContain(alice.user.email);
    expect(text).not.toContain(c.replyId);
  });

  it('renders the page as HTML: escaped title and text, Markdown rendered safely, not indexable', async () => {
    const c = await converse(
      alice,
      'Look <script>alert(1)</script> [[fake reply="# Answer\n\n**bold** <img src=x onerror=alert(2)>"]]',
    );
    await alice.api('/api/convos/update', {
      body: { arg: { conversationId: c.conversationId, title: 'Cats & <b>"dogs"</b>' } },
    });
    const { link } = await share(alice, c.conversationId);
    const res = await anonymous(`/share/${link.shareId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<h1>Cats &amp; &lt;b&gt;&quot;dogs&quot;&lt;/b&gt;</h1>');
    expect(html).toContain('Look &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html).not.toContain(alice.user.email);
    expect(html).not.toContain(alice.user.user.id);
  });

  it("draws a reply's artifacts as titled code, not as the directive's syntax", async () => {
    const reply = [
      'Here it is:',
      ':::artifact{identifier=\\"pg\\" type=\\"text/html\\" title=\\"Page <one>\\"}',
      '```',
      '<h1 onclick=\\"x()\\">Hi</h1>',
      '```',
      ':::',
    ].join('\n');
    const c = await converse(alice, `Make a page [[fake reply="${reply}"]]`);
    const { link } = await share(alice, c.conversationId);
    const page = await (await anonymous(`/share/${link.shareId}`)).text();
    // The person's message shows its text as written; the reply is what is drawn.
    const html = page.slice(page.indexOf('<article class="msg reply'));
    expect(html).toContain('<article class="msg reply');
    expect(html).not.toContain(':::artifact');
    expect(html).toMatch(/<p><strong>Page &#x3C;one><\/strong><\/p>/);
    expect(html).toMatch(/<pre><code class="language-html[^"]*">/);
    expect(html).not.toMatch(/<h1 onclick/);
  });

  it("writes the page in the reader's language (Arabic right to left, Japanese), messages still escaped", async () => {
    const c = await converse(
      alice,
      'Hi <script>alert(1)</script> [[fake reply="**Yes** <script>alert(2)</script>"]]',
    );
    const { link } = await share(alice, c.conversationId);
    const page = async (path: string, headers: Record<string, string>) => {
      const res = await fetch(`${h.url}${path}`, { headers });
      return { status: res.status, vary: res.headers.get('vary') ?? '', html: await res.text() };
    };

    const ar = await page(`/share/${link.shareId}`, { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5' });
    expect(ar.status).toBe(200);
    expect(ar.html).toContain('<html lang="ar-EG" dir="rtl">');
    expect(ar.html).toContain('محادثة مشتركة (نسخة للقراءة فقط)');
    expect(ar.html).toContain('<p class="who">المستخدم</p>');
    // Caches keep one copy per language.
    expect(ar.vary).toMatch(/Accept-Language/);
    expect(ar.vary).toMatch(/Cookie/);

    const ja = await page(`/share/${link.shareId}`, { 'accept-language': 'ja' });
    expect(ja.html).toContain('<html lang="ja-JP" dir="ltr">');
    expect(ja.html).toContain('共有された会話（読み取り専用のスナップショット）');
    expect(ja.html).toContain('<p class="who">ユーザー</p>');

    for (const { html } of [ar, ja]) {
      expect(html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('<strong>Yes</strong>');
      expect(html).not.toContain('<script');
    }

    // The language the visitor picked (its cookie) comes before the browser's, as on the site.
    const chosen = await page(`/share/${link.shareId}`, { 'accept-language': 'ja', cookie: 'lang=de-DE' });
    expect(chosen.html).toContain('<html lang="de-DE" dir="ltr">');
    expect(chosen.html).toContain('Eine geteilte Unterhaltung (schreibgeschützte Momentaufnahme)');

    // A link that is not there says so in the reader's language too.
    const missing = await page('/share/abcdefghijklmnopqrstuv', { 'accept-language': 'ar' });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<html lang="ar-EG" dir="rtl">');
    expect(missing.html).toContain('<h1>الرابط المشترك غير موجود</h1>');

    // No language offered: English.
    const en = await page(`/share/${link.shareId}`, { 'accept-language': 'xx' });
    expect(en.html).toContain('<html lang="en-US" dir="ltr">');
    expect(en.html).toContain('A shared conversation (read-only snapshot)');
  });

  it('keeps the snapshot until the owner updates it', async () => {
    const c = await converse(alice, 'First [[fake reply="One"]]');
    const { link } = await share(alice, c.conversationId);
    await converse(alice, 'Second [[fake reply="Two"]]', {
      conversationId: c.conversationId,
      parentMessageId: c.replyId,
    });
    const read = async () =>
      ((await (await anonymous(`/api/share/${link.shareId}`)).json()) as SharedSnapshot).messages.map(
        (m) => m.text,
      );
    expect(await read()).toEqual(['First [[fake reply="One"]]', 'One']);
    const updated = await alice.api(`/api/share/${link.shareId}`, { method: 'PATCH' });
    expect(updated.status).toBe(200);
    expect(await read()).toEqual(['First [[fake reply="One"]]', 'One', 'Second [[fake reply="Two"]]', 'Two']);
  });

  it("answers 404 for someone else's link or conversation, and the link stays", async () => {
    const c = await converse(alice, 'Private [[fake reply="Yes"]]');
    const { link } = await share(alice, c.conversationId);
    expect((await bob.api(`/api/share/${link.shareId}`, { method: 'PATCH' })).status).toBe(404);
    expect((await bob.api(`/api/share/${link.shareId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await bob.api(`/api/share/${c.conversationId}`, { body: {} })).status).toBe(404);
    expect((await bob.api(`/api/share/link/${c.conversationId}`)).status).toBe(404);
    const bobs = (await (await bob.api('/api/share')).json()) as SharedLinksPage;
    expect(bobs.links).toEqual([]);
    expect((await anonymous(`/api/share/${link.shareId}`)).status).toBe(200);
  });

  it('lists the owner’s links newest first, a page at a time', async () => {
    const carol = await chatUser(h, 'Carol');
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      const c = await converse(carol, `Topic ${n} [[fake reply="R${n}"]]`);
      made.push((await share(carol, c.conversationId)).link.shareId);
    }
    const first = (await (await carol.api('/api/share?pageSize=2')).json()) as SharedLinksPage;
    expect(first.links.map((l) => l.shareId)).toEqual([made[2], made[1]]);
    expect(first.hasNextPage).toBe(true);
    const next = (await (
      await carol.api(`/api/share?pageSize=2&cursor=${first.nextCursor}`)
    ).json()) as SharedLinksPage;
    expect(next).toMatchObject({ links: [{ shareId: made[0] }], hasNextPage: false, nextCursor: null });
  });

  it('deletes a link: its address answers 404 at once', async () => {
    const c = await converse(alice, 'Gone soon [[fake reply="Bye"]]');
    const { link } = await share(alice, c.conversationId);
    expect((await anonymous(`/share/${link.shareId}`)).status).toBe(200);
    const deleted = await alice.api(`/api/share/${link.shareId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await anonymous(`/api/share/${link.shareId}`)).status).toBe(404);
    expect((await anonymous(`/share/${link.shareId}`)).status).toBe(404);
    expect(await (await alice.api(`/api/share/link/${c.conversationId}`)).json()).toEqual({
      success: false,
      shareId: null,
      conversationId: c.conversationId,
    });
  });
});

/** A web build of one file: the app's page, as the server reads it from WEB_DIST. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'share-web-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  return dir;
}

describe('shared links for signed-in people only (ALLOW_SHARED_LINKS_PUBLIC=false)', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({ sharedLinks: { enabled: true, public: false } }, { webDist: webDist() });
  });
  afterAll(() => h.close());

  it('refuses a reader without a session and answers a signed-in one', async () => {
    const alice = await chatUser(h, 'Alice');
    const c = await converse(alice, 'Members only [[fake reply="Sure"]]');
    const { link } = await share(alice, c.conversationId);
    expect((await fetch(`${h.url}/api/share/${link.shareId}`)).status).toBe(401);
    const reader = await chatUser(h, 'Reader');
    const res = await reader.api(`/api/share/${link.shareId}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as SharedSnapshot).messages).toHaveLength(2);
  });

  it('answers the page with the web app, which signs the reader in; the snapshot stays out of it', async () => {
    const alice = await chatUser(h, 'Alice');
    const c = await converse(alice, 'Members only [[fake reply="Sure"]]');
    const { link } = await share(alice, c.conversationId);
    const page = await fetch(`${h.url}/share/${link.shareId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('src="/assets/app.js"');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('Members only');
    expect(html).not.toContain('Sign in');
  });
});

describe('shared links turned off (ALLOW_SHARED_LINKS=false)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ sharedLinks: { enabled: false, public: true } });
  });
  afterAll(() => h.close());

  it('answers 404 on every route and the page, and tells the web app', async () => {
    const user = await registerUser(h.url);
    const api = (path: string, method = 'GET') =>
      fetch(`${h.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
    const id = crypto.randomUUID();
    expect((await api(`/api/share/${id}`, 'POST')).status).toBe(404);
    expect((await api('/api/share')).status).toBe(404);
    expect((await api(`/api/share/link/${id}`)).status).toBe(404);
    expect((await api('/api/share/abcdefghijklmnopqrstuv')).status).toBe(404);
    expect((await fetch(`${h.url}/share/abcdefghijklmnopqrstuv`)).status).toBe(404);
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as { sharedLinksEnabled?: boolean };
    expect(config.sharedLinksEnabled).toBe(false);
  });
});
