import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { BlogPost, BlogStatus } from '@chat/contract';
import {
  authed,
  registerUser,
  startTestApp,
  type Harness,
  type TestUser,
} from '../../../test/support/harness.js';
import { blogPosts, users } from '../../db/schema.js';

const INDEX =
  '<!doctype html><html><head><title>OmniChat</title></head><body><div id="root"></div></body></html>';

type Actor = 'USER' | 'WRITER author' | 'WRITER other' | 'ADMIN';
type Action = 'view' | 'edit' | 'edit→Reviewed' | 'edit→Approved' | 'delete';
/** Over HTTP: the cells allowed (200); every other cell is refused with 403. */
const ALLOWED: Record<Actor, Record<BlogStatus, Action[]>> = {
  USER: { Draft: [], Reviewed: [], Approved: [] },
  'WRITER author': {
    Draft: ['view', 'edit', 'edit→Reviewed', 'delete'],
    Reviewed: ['view'],
    Approved: ['view'],
  },
  'WRITER other': { Draft: [], Reviewed: [], Approved: [] },
  ADMIN: {
    Draft: ['view', 'edit', 'edit→Reviewed', 'edit→Approved', 'delete'],
    Reviewed: ['view', 'edit', 'edit→Reviewed', 'edit→Approved', 'delete'],
    Approved: ['view', 'edit', 'edit→Reviewed', 'edit→Approved', 'delete'],
  },
};

describe('the blog over HTTP', () => {
  let h: Harness;
  let webDist: string;
  let admin: TestUser;
  let writer: TestUser;
  let writer2: TestUser;
  let plain: TestUser;
  let n = 0;
  const as = (u: TestUser) => authed(h.url, u.token);
  const body = (over: Record<string, unknown> = {}) => ({
    title: `Post ${++n}`,
    slug: `post-${n}-${Date.now()}`,
    metaDescription: `About post ${n}`,
    content: '# Hello\n\n```ts\nconst a = 1;\n```',
    tags: ['News'],
    ...over,
  });
  /** A post in `status` whose author is `author` (made by the admin, then handed over in the DB). */
  async function postOf(author: TestUser, status: BlogStatus): Promise<BlogPost> {
    const res = await as(admin)('/api/blog', { body: body({ status }) });
    expect(res.status).toBe(200);
    const post = (await res.json()) as BlogPost;
    await h.database.db.update(blogPosts).set({ authorId: author.user.id }).where(eq(blogPosts.id, post._id));
    return post;
  }

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'blog-page-'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    h = await startTestApp(
      { clientOrigin: 'https://chat.example.com', adminEmail: 'Op@Example.com' },
      { webDist },
    );
    admin = await registerUser(h.url, 'Admin', 'op@example.com');
    writer = await registerUser(h.url, 'Writer');
    writer2 = await registerUser(h.url, 'Writer Two');
    plain = await registerUser(h.url, 'Plain');
    for (const w of [writer, writer2]) {
      await h.database.db.update(users).set({ role: 'WRITER' }).where(eq(users.id, w.user.id));
    }
  });
  afterAll(async () => {
    await h.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const actorUser = (a: Actor) =>
    ({ USER: plain, 'WRITER author': writer, 'WRITER other': writer2, ADMIN: admin })[a];

  const cells = (Object.keys(ALLOWED) as Actor[]).flatMap((actor) =>
    (['Draft', 'Reviewed', 'Approved'] as const).flatMap((status) =>
      (['view', 'edit', 'edit→Reviewed', 'edit→Approved', 'delete'] as const).map((action) => ({
        actor,
        status,
        action,
      })),
    ),
  );
  it.each(cells)('$actor, $status post, $action', async ({ actor, status, action }) => {
    const post = await postOf(writer, status);
    const call = as(actorUser(actor));
    const res =
      action === 'view'
        ? await call(`/api/blog/manage/${post._id}`)
        : action === 'delete'
          ? await call(`/api/blog/manage/${post._id}`, { method: 'DELETE' })
          : await call(`/api/blog/manage/${post._id}`, {
              method: 'PUT',
              body: body({
                slug: post.slug,
                status: action === 'edit' ? status : action === 'edit→Reviewed' ? 'Reviewed' : 'Approved',
              }),
            });
    const allowed = ALLOWED[actor][status].includes(action);
    expect(res.status, await res.clone().text()).toBe(allowed ? 200 : 403);
    // A refused call changed nothing; an allowed one did what it said.
    const [row] = await h.database.db.select().from(blogPosts).where(eq(blogPosts.id, post._id));
    if (action === 'delete') expect(row === undefined).toBe(allowed);
    else if (!allowed || action === 'view') expect(row).toMatchObject({ status, title: post.title });
    else expect(row!.title).not.toBe(post.title);
    if (!allowed) {
      expect(((await res.json()) as { code: string }).code).toBe('forbidden');
    }
  });

  it.each([
    ['USER', 'Draft', 403],
    ['WRITER', 'Draft', 200],
    ['WRITER', 'Reviewed', 200],
    ['WRITER', 'Approved', 403],
    ['ADMIN', 'Approved', 200],
  ] as const)('POST /api/blog as %s with status %s → %i', async (role, status, expected) => {
    const u = role === 'USER' ? plain : role === 'WRITER' ? writer : admin;
    const res = await as(u)('/api/blog', { body: body({ status }) });
    expect(res.status).toBe(expected);
    if (expected === 200) {
      const post = (await res.json()) as BlogPost;
      expect(post).toMatchObject({ status, author: { id: u.user.id, name: u.user.name } });
      expect(post.publishedAt === null).toBe(status !== 'Approved');
    }
  });

  it('an approval sets publishedAt; only Approved posts are public, and a role change counts at once', async () => {
    const draft = await postOf(writer, 'Draft');
    expect((await fetch(`${h.url}/api/blog/${draft.slug}`)).status).toBe(404);
    const approve = await as(admin)(`/api/blog/${draft._id}`, {
      method: 'PUT',
      body: body({ slug: draft.slug, status: 'Approved' }),
    });
    const approved = (await approve.json()) as BlogPost;
    expect(approved.publishedAt).not.toBeNull();
    const pub = await fetch(`${h.url}/api/blog/${draft.slug}`);
    expect(pub.status).toBe(200);
    // The content comes rendered by the server too: the Markdown kept, its HTML highlighted.
    const published = (await pub.json()) as BlogPost & { contentHtml: string };
    expect(published.content).toBe(draft.content);
    expect(published.contentHtml).toContain('<h1>Hello</h1>');
    expect(published.contentHtml).toContain('<span class="hljs-keyword">const</span>');
    const list = (await (await fetch(`${h.url}/api/blog`)).json()) as BlogPost[];
    expect(list.every((p) => p.status === 'Approved')).toBe(true);
    expect(list.map((p) => p._id)).toContain(draft._id);
    const missing = await fetch(`${h.url}/api/blog/no-such-post`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Blog post not found');

    // manage/all: the admin sees every post, a writer their own, anyone else is refused.
    const all = (await (await as(admin)('/api/blog/manage/all')).json()) as BlogPost[];
    expect(all.some((p) => p.status !== 'Approved')).toBe(true);
    const mine = (await (await as(writer2)('/api/blog/manage/all')).json()) as BlogPost[];
    expect(mine.every((p) => p.author.id === writer2.user.id)).toBe(true);
    const refused = await as(plain)('/api/blog/manage/all');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Only WRITERs and ADMINs can manage blog posts.',
    );

    await h.database.db.update(users).set({ role: 'USER' }).where(eq(users.id, writer2.user.id));
    expect((await as(writer2)('/api/blog/manage/all')).status).toBe(403);
    await h.database.db.update(users).set({ role: 'WRITER' }).where(eq(users.id, writer2.user.id));
  });

  it('updates and deletes at the earlier path /api/blog/:id as at /api/blog/manage/:id, with the same checks', async () => {
    const post = await postOf(writer, 'Draft');
    const rename = await as(writer)(`/api/blog/${post._id}`, {
      method: 'PUT',
      body: body({ slug: post.slug, title: 'Renamed at the earlier path' }),
    });
    expect(rename.status).toBe(200);
    expect(((await rename.json()) as BlogPost).title).toBe('Renamed at the earlier path');
    expect((await as(plain)(`/api/blog/${post._id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await as(writer)(`/api/blog/${post._id}`, { method: 'DELETE' })).status).toBe(200);
    const [row] = await h.database.db.select().from(blogPosts).where(eq(blogPosts.id, post._id));
    expect(row).toBeUndefined();
  });

  it('lets only the operator set a role by email (PUT /api/user/byEmail/:email)', async () => {
    const target = await registerUser(h.url, 'Promoted');
    const path = `/api/user/byEmail/${encodeURIComponent(target.email.toUpperCase())}`;
    const refused = await as(writer)(path, { method: 'PUT', body: { role: 'ADMIN' } });
    expect(refused.status).toBe(403);
    const set = await as(admin)(path, { method: 'PUT', body: { role: 'WRITER' } });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ id: target.user.id, role: 'WRITER' });
    expect((await as(target)('/api/blog', { body: body() })).status).toBe(200);
    expect((await as(admin)(path, { method: 'PUT', body: { role: 'OWNER' } })).status).toBe(400);
    const none = await as(admin)('/api/user/byEmail/nobody%40example.com', {
      method: 'PUT',
      body: { role: 'USER' },
    });
    expect(none.status).toBe(404);
  });

  it('GET /api/me answers the caller and their role', async () => {
    const me = await (await as(writer)('/api/me')).json();
    expect(me).toEqual({
      id: writer.user.id,
      email: writer.email,
      name: 'Writer',
      username: null,
      role: 'WRITER',
    });
    expect((await fetch(`${h.url}/api/me`)).status).toBe(401);
  });

  it('refuses a taken slug (409) and names invalid fields with the spec texts', async () => {
    const first = await as(writer)('/api/blog', { body: body({ slug: 'unique-slug' }) });
    expect(first.status).toBe(200);
    const again = await as(writer)('/api/blog', { body: body({ slug: 'unique-slug' }) });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict', issues: [{ path: 'slug' }] });
    const other = (await (await as(writer)('/api/blog', { body: body() })).json()) as BlogPost;
    const rename = await as(writer)(`/api/blog/${other._id}`, {
      method: 'PUT',
      body: body({ slug: 'unique-slug' }),
    });
    expect(rename.status).toBe(409);

    const bad = await as(writer)('/api/blog', {
      body: { title: '', slug: '', metaDescription: 'x'.repeat(161), content: '' },
    });
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ['title', 'Title is required'],
      ['slug', 'Slug is required'],
      ['metaDescription', 'Meta description must be less than 160 characters'],
      ['content', 'Content is required'],
    ]);
  });

  it('writes a post’s head into /blog/<slug>, escaped, and lists Approved posts in the sitemap, robots.txt and feed', async () => {
    const evil = 'Hi </title><script>alert(1)</script> & "q"';
    const res = await as(admin)('/api/blog', {
      body: body({
        title: evil,
        slug: 'evil-post',
        metaDescription: 'Desc <script>x</script>',
        featuredImage: 'https://img.example.com/a.png',
        status: 'Approved',
      }),
    });
    expect(res.status).toBe(200);
    const draft = await postOf(writer, 'Draft');

    const page = await fetch(`${h.url}/blog/evil-post`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<script>x');
    expect(html).toContain(
      '<title>Hi &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; · OmniChat</title>',
    );
    expect(html).toContain('<meta name="description" content="Desc &lt;script&gt;x&lt;/script&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://chat.example.com/blog/evil-post" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:image" content="https://img.example.com/a.png" />');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    expect(ld![1]).toContain('\\u003c/title\\u003e\\u003cscript\\u003e');
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'BlogPosting',
      headline: evil,
      image: 'https://img.example.com/a.png',
      author: { name: 'Admin' },
    });
    // A post that is not Approved, or none: index.html as built.
    expect(await (await fetch(`${h.url}/blog/${draft.slug}`)).text()).toBe(INDEX);
    expect(await (await fetch(`${h.url}/blog/nothing-here`)).text()).toBe(INDEX);

    const sitemap = await fetch(`${h.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/application\/xml/);
    const sitemapText = await sitemap.text();
    expect(sitemapText).toContain('<loc>https://chat.example.com/blog/evil-post</loc>');
    expect(sitemapText).not.toContain(draft.slug);
    const robots = await (await fetch(`${h.url}/robots.txt`)).text();
    expect(robots).toContain('Allow: /blog/evil-post');
    expect(robots).toContain('Sitemap: https://chat.example.com/sitemap.xml');
    const rss = await fetch(`${h.url}/blog/rss.xml`);
    expect(rss.headers.get('content-type')).toMatch(/application\/rss\+xml/);
    const rssText = await rss.text();
    expect(rssText).toContain(
      '<title>Hi &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;</title>',
    );
    expect(rssText).not.toContain(draft.slug);
  });
});
