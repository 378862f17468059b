import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE, SITE_PAGE_META, type SiteRenderer } from '@chat/contract';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { blogPosts } from '../../db/schema.js';
import { pageLanguage } from './site-pages.js';

// The web build's index.html as Vite writes it: the app's module script, a preload, its styles.
const INDEX = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <meta charset="UTF-8" />
    <title>OmniChat</title>
    <script src="/boot.js"></script>
    <script type="module" crossorigin src="/assets/index-app.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-app.js">
    <link rel="stylesheet" crossorigin href="/assets/index-app.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const MANIFEST = {
  'src/site/client.ts': { file: 'assets/site-abc.js', css: ['assets/markdown-abc.css'], isEntry: true },
};

// The renderer from source (the build's site-ssr/ssr.js is the same module bundled). A computed
// path: the server's type check does not compile the web client.
const SSR_SOURCE = ['..', '..', '..', '..', 'web', 'src', 'site', 'ssr.tsx'].join('/');
const loadRenderer = async () =>
  (
    (await import(/* @vite-ignore */ new URL(SSR_SOURCE, import.meta.url).href)) as {
      renderSitePage: SiteRenderer;
    }
  ).renderSitePage;

describe('pageLanguage', () => {
  it('takes the stored choice, else the best Accept-Language the product offers, else English', () => {
    expect(pageLanguage('de-DE', 'fr-FR')).toBe('de-DE');
    expect(pageLanguage('auto', 'xx-YY, fr-CH;q=0.8, de;q=0.9')).toBe('de-DE');
    expect(pageLanguage(undefined, 'zh-TW,zh;q=0.9')).toBe('zh-TC');
    expect(pageLanguage('nonsense', 'en-GB, fr;q=0.9')).toBe('en-US');
    expect(pageLanguage(undefined, 'xx, *;q=0.1')).toBe('en-US');
    expect(pageLanguage(undefined, undefined)).toBe('en-US');
  });
});

describe('the public pages rendered on the server', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'site-pages-'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  let h: Harness;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${h.url}${path}`, { headers: { 'accept-language': 'en-US', ...headers } });

  beforeAll(async () => {
    h = await startTestApp(
      {
        appTitle: 'Omni<Chat>',
        clientOrigin: 'https://chat.example.com',
        affiliate: { scriptUrl: 'https://track.example/t.js', referUrl: 'https://refer.example/r' },
        // Try Now is offered only with the free tier on (web/src/app/site.test.tsx: without it).
        freeTier: { messages: 2 },
        site: {
          contactEmail: 'help@chat.example.com',
          socialLinks: [
            { name: 'X', url: 'https://x.com/omnichat' },
            { name: 'GitHub', url: 'https://github.com/omnichat' },
          ],
        },
      },
      { webDist, siteRenderer: await loadRenderer() },
    );
    await h.database.db.insert(blogPosts).values([
      {
        title: 'Zebras </h1><script>alert(1)</script>',
        slug: 'zebras',
        metaDescription: 'Stripes "explained"',
        content: '## Why stripes\n\n```js\nconst stripes = 42;\n```\n\n<script>alert(2)</script>',
        tags: ['animals'],
        status: 'Approved',
        publishedAt: new Date('2026-11-01T10:00:00Z'),
      },
      {
        title: 'Draft only',
        slug: 'draft-only',
        metaDescription: 'Not yet',
        content: 'Hidden',
        status: 'Draft',
      },
    ]);
  });
  afterAll(async () => {
    await h?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** What every public page's first response has: its own script and styles, not the app's. */
  function expectSitePage(html: string): void {
    expect(html).toContain('<script type="module" src="/assets/site-abc.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/markdown-abc.css" />');
    expect(html).toContain('href="/assets/index-app.css"');
    expect(html).not.toContain('index-app.js');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('<meta name="robots"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    // No inline script: every <script> has a src or is JSON-LD data.
    for (const tag of html.match(/<script[^>]*>/g) ?? [])
      expect(tag).toMatch(/\ssrc="|application\/ld\+json/);
  }

  it('/ is the landing page, whole, with its head, body class and the affiliate script', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const html = await res.text();
    expectSitePage(html);
    expect(html).toMatch(/<html class="dark" lang="en-US" dir="ltr" data-public-page>/);
    expect(html).toContain('<body class="landing-page">');
    expect(html).toContain('data-testid="landing"');
    expect(html).toContain('Early Access');
    expect(html).toContain(
      '<h1 class="text-4xl font-bold tracking-tight text-text-primary sm:text-6xl">Omni&lt;Chat&gt;</h1>',
    );
    expect(html).toContain('href="/login?free_tier=1"');
    expect(html).toContain('href="/blog"');
    expect(html).toContain('href="https://refer.example/r"');
    expect(html).toContain('<title>Omni&lt;Chat&gt;</title>');
    expect(html).toContain(`<meta name="description" content="${SITE_PAGE_META['/'].description}" />`);
    expect(html).toContain('<link rel="canonical" href="https://chat.example.com/" />');
    expect(html).toContain('<meta property="og:title" content="Omni&lt;Chat&gt;" />');
    expect(html).toContain('<script id="affiliate-script" async src="https://track.example/t.js"></script>');
  });

  it('/ for someone signed in (the session hint) is the app, which takes them to /c/new', async () => {
    const html = await (await get('/', { cookie: `${SESSION_HINT_COOKIE}=1` })).text();
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-app.js"></script>');
    expect(html).not.toContain('data-testid="landing"');
    expect(html).not.toContain('site-abc.js');
  });

  it('/faq has the fifteen questions, closed, and its head', async () => {
    const html = await (await get('/faq')).text();
    expectSitePage(html);
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(15);
    expect(html).toContain('<title>FAQ · Omni&lt;Chat&gt;</title>');
    expect(html).toContain('<link rel="canonical" href="https://chat.example.com/faq" />');
    expect(html).not.toContain('landing-page');
    expect(html).not.toContain('affiliate-script');
  });

  it('/faq and /blog offer the chat, not Login and Try, to someone signed in (the session hint)', async () => {
    for (const path of ['/faq', '/blog']) {
      const visitor = await (await get(path)).text();
      const headerLogin = /href="\/login"[^>]*>LOGIN<\/a>/;
      expect(visitor).toMatch(headerLogin);
      expect(visitor).toContain('data-testid="header-try"');
      expect(visitor).not.toContain('data-testid="header-open-chat"');
      const member = await (await get(path, { cookie: `${SESSION_HINT_COOKIE}=1` })).text();
      expectSitePage(member);
      expect(member).not.toMatch(headerLogin);
      expect(member).not.toContain('data-testid="header-try"');
      expect(member).toMatch(/<a data-testid="header-open-chat"[^>]*href="\/c\/new"[^>]*>Open chat<\/a>/);
    }
  });

  it('the footer links the social pages, and the FAQ names the contact address', async () => {
    const html = await (await get('/faq')).text();
    expect(html).toMatch(
      /<a href="https:\/\/x.com\/omnichat" target="_blank" rel="noopener noreferrer"[^>]*>X<\/a>/,
    );
    expect(html).toMatch(/<a href="https:\/\/github.com\/omnichat"[^>]*>GitHub<\/a>/);
    expect(html).toMatch(
      /data-testid="faq-contact"[^>]*>Still have a question\?[^<]*(<!-- -->)?\s*<a href="mailto:help@chat.example.com"[^>]*>help@chat.example.com<\/a>/,
    );
  });

  it('/pricing lists the plans from the contract', async () => {
    const html = await (await get('/pricing')).text();
    expectSitePage(html);
    expect(html).toContain('$5.99');
    expect(html).toContain('$89.99');
    expect(html).toContain('Save 70%');
    expect(html).toContain('3 days free');
    expect(html).toContain('<title>Pricing · Omni&lt;Chat&gt;</title>');
  });

  it('/blog lists the Approved posts, escaped, with the search box', async () => {
    const html = await (await get('/blog')).text();
    expectSitePage(html);
    expect(html).toContain('data-blog-search=""');
    expect(html.match(/data-testid="blog-card"/g)).toHaveLength(1);
    expect(html).toContain('Zebras &lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('Draft only');
    expect(html).toContain('<link rel="canonical" href="https://chat.example.com/blog" />');
  });

  it('/blog/<slug> has the post, its highlighted code, JSON-LD and SEO tags; no script from the content', async () => {
    const res = await get('/blog/zebras');
    expect(res.status).toBe(200);
    const html = await res.text();
    expectSitePage(html);
    expect(html).toContain('data-testid="blog-post"');
    expect(html).toContain('Zebras &lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).toMatch(/<h2[^>]*>Why stripes<\/h2>/);
    expect(html).toMatch(/<code class="[^"]*hljs[^"]*"/);
    expect(html).toMatch(/<time datetime="2026-11-01T10:00:00.000Z">/i);
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('\\u003c/script\\u003e'); // the title inside JSON-LD cannot end its element
    expect(html).toContain('<meta name="description" content="Stripes &quot;explained&quot;" />');
    expect(html).toContain('<link rel="canonical" href="https://chat.example.com/blog/zebras" />');
    expect(html).not.toContain('alert(2)</script>');
    expect(html).not.toContain('<script>alert');
  });

  it('a missing or unapproved post is a 404 page saying so, with Back to Blog, not indexed', async () => {
    for (const slug of ['no-such-post', 'draft-only']) {
      const res = await get(`/blog/${slug}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('Blog post not found');
      expect(html).toContain('data-testid="back-to-blog"');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('Hidden');
    }
  });

  it('is written in the language of the cookie, else of Accept-Language; Arabic right to left', async () => {
    const de = await (await get('/faq', { 'accept-language': 'de-DE,de;q=0.9' })).text();
    expect(de).toContain('lang="de-DE" dir="ltr"');
    expect(de).toContain('Häufig gestellte Fragen');
    const ar = await (await get('/faq', { cookie: 'lang=ar-EG', 'accept-language': 'de-DE' })).text();
    expect(ar).toContain('lang="ar-EG" dir="rtl"');
    expect(ar).not.toContain('Häufig');
    const auto = await (await get('/faq', { cookie: 'lang=auto', 'accept-language': 'ja' })).text();
    expect(auto).toContain('lang="ja-JP"');
  });

  it("the app's own pages are not for search engines; the public ones are", async () => {
    for (const path of ['/c/new', '/login', '/register', '/admin', '/blog/edit', '/blog/edit/new']) {
      const html = await (await get(path)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).toContain('index-app.js');
    }
  });

  it('the sitemap and robots.txt name the public pages, /pricing too', async () => {
    const sitemap = await (await get('/sitemap.xml')).text();
    for (const path of ['/', '/faq', '/pricing', '/blog', '/blog/zebras']) {
      expect(sitemap).toContain(`<loc>https://chat.example.com${path}</loc>`);
    }
    expect(await (await get('/robots.txt')).text()).toContain('Allow: /pricing');
  });
});
