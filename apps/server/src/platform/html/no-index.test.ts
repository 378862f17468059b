// NO_INDEX (LibreChat's name): on, crawlers are asked to leave the whole site alone; off (the
// default here), the public pages stay findable and the app's own pages alone carry noindex.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRenderer } from '@chat/contract';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { blogPosts } from '../../db/schema.js';
import { parseEnv } from '../../config/env.js';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>OmniChat</title>
    <script type="module" crossorigin src="/assets/index-app.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// The renderer from source, as site-pages.test.ts loads it (the server's type check does not
// compile the web client).
const SSR_SOURCE = ['..', '..', '..', '..', 'web', 'src', 'site', 'ssr.tsx'].join('/');
const loadRenderer = async () =>
  (
    (await import(/* @vite-ignore */ new URL(SSR_SOURCE, import.meta.url).href)) as {
      renderSitePage: SiteRenderer;
    }
  ).renderSitePage;

function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'no-index-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({}));
  return dir;
}

const ROBOTS_META = '<meta name="robots" content="noindex" />';
const PAGES = ['/', '/faq', '/pricing', '/blog', '/blog/hello', '/login', '/c/new'];

async function withPost(h: Harness): Promise<void> {
  await h.database.db.insert(blogPosts).values({
    title: 'Hello',
    slug: 'hello',
    content: 'Hi.',
    metaDescription: 'A post.',
    status: 'Approved',
    publishedAt: new Date(),
  });
}

describe('NO_INDEX', () => {
  it("reads LibreChat's values; unset is off here", () => {
    expect(parseEnv({ NO_INDEX: 'true' }).NO_INDEX).toBe(true);
    expect(parseEnv({ NO_INDEX: 'false' }).NO_INDEX).toBe(false);
    expect(parseEnv({}).NO_INDEX).toBe(false);
  });

  describe('on', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startTestApp(
        { noIndex: true, clientOrigin: 'https://chat.example.com' },
        { webDist: webDist(), siteRenderer: await loadRenderer() },
      );
      await withPost(h);
    });
    afterAll(() => h.close());

    it('makes robots.txt disallow everything, with no sitemap', async () => {
      const res = await fetch(`${h.url}/robots.txt`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    });

    it('puts X-Robots-Tag and the robots meta tag on every page, the public ones too', async () => {
      for (const path of PAGES) {
        const res = await fetch(`${h.url}${path}`);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
        const html = await res.text();
        expect(html.split(ROBOTS_META).length - 1, path).toBe(1);
      }
    });

    it('sends X-Robots-Tag with API answers too', async () => {
      const res = await fetch(`${h.url}/api/config`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    });
  });

  describe('off', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startTestApp(
        { noIndex: false, clientOrigin: 'https://chat.example.com' },
        { webDist: webDist(), siteRenderer: await loadRenderer() },
      );
      await withPost(h);
    });
    afterAll(() => h.close());

    it('leaves the public pages indexable and keeps noindex on the app pages', async () => {
      for (const path of PAGES) {
        const res = await fetch(`${h.url}${path}`);
        expect(res.headers.get('x-robots-tag'), path).toBeNull();
        const html = await res.text();
        const appPage = path === '/login' || path === '/c/new';
        expect(html.includes(ROBOTS_META), path).toBe(appPage);
      }
      const robots = await (await fetch(`${h.url}/robots.txt`)).text();
      expect(robots).toContain('Allow: /blog/hello');
      expect(robots).toContain('Sitemap: https://chat.example.com/sitemap.xml');
    });
  });
});
