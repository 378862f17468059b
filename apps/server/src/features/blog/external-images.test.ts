import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_LIMITS, featuredImageSrc, type BlogPost } from '@chat/contract';
import {
  authed,
  registerUser,
  startTestApp,
  type Harness,
  type TestUser,
} from '../../../test/support/harness.js';

/**
 * A featured image kept at another site is served by the app (GET /api/blog/images/external), so
 * the Content Security Policy keeps images (and scripts) to the app's own origin. Over real HTTP,
 * with a real image site on 127.0.0.1 (allowed here as USER_URL_ALLOW would allow it).
 */
describe('featured images from other sites', () => {
  let h: Harness;
  let dataDir: string;
  let admin: TestUser;
  let site: Server;
  let siteUrl: string;
  const asked: string[] = [];
  let png: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    site = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/cover.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (req.url === '/page.html')
        res.writeHead(200, { 'content-type': 'image/png' }).end('<script>x</script>');
      else if (req.url === '/big.png')
        res.writeHead(200).end(Buffer.concat([png, Buffer.alloc(BLOG_LIMITS.imageMaxBytes)]));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    dataDir = await mkdtemp(join(tmpdir(), 'blog-external-'));
    h = await startTestApp({
      files: { strategy: 'local', dataDir },
      userURLPolicy: { allow: ['127.0.0.1'] },
    });
    admin = await registerUser(h.url, 'Admin');
    for (const [slug, path] of [
      ['cover', '/cover.png'],
      ['page', '/page.html'],
      ['big', '/big.png'],
      ['metadata', '/missing.png'],
    ] as const) {
      const res = await authed(h.url, admin.token)('/api/blog', {
        body: { title: slug, slug, metaDescription: 'd', content: 'c', featuredImage: `${siteUrl}${path}` },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as BlogPost).featuredImage).toBe(`${siteUrl}${path}`);
    }
    // A link-local address (cloud metadata) named by a post: never fetched.
    await authed(h.url, admin.token)('/api/blog', {
      body: {
        title: 'meta',
        slug: 'meta',
        metaDescription: 'd',
        content: 'c',
        featuredImage: 'http://169.254.169.254/latest.png',
      },
    });
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => site.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(`${h.url}${featuredImageSrc(url)}`);

  it("serves a post's image through the app, fetched once, as the image it is", async () => {
    asked.length = 0;
    const first = await get(`${siteUrl}/cover.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe(
      `public, max-age=${BLOG_LIMITS.externalImageCacheSeconds}`,
    );
    expect(Buffer.from(await first.arrayBuffer()).equals(png)).toBe(true);
    const again = await get(`${siteUrl}/cover.png`);
    expect(again.status).toBe(200);
    await again.arrayBuffer();
    expect(asked).toEqual(['/cover.png']);
  });

  it('fetches no URL that no post names, and nothing at a private address', async () => {
    asked.length = 0;
    for (const url of [
      `${siteUrl}/cover.png?other`,
      `${siteUrl}/elsewhere.png`,
      'http://169.254.169.254/latest.png',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
    }
    expect(asked).toEqual([]);
  });

  it('answers 404 for what is not a JPEG, PNG or WebP by its bytes, too large, or missing', async () => {
    for (const path of ['/page.html', '/big.png', '/missing.png']) {
      const res = await get(`${siteUrl}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('<script>');
    }
  });

  it('refuses a URL that is not http(s)', async () => {
    const res = await fetch(
      `${h.url}/api/blog/images/external?url=${encodeURIComponent('file:///etc/passwd')}`,
    );
    expect(res.status).toBe(400);
  });

  it("keeps the pages' CSP to the app's own origin for images and scripts", async () => {
    const csp = (await fetch(`${h.url}/api/config`)).headers.get('content-security-policy') ?? '';
    expect(/img-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' data: blob:");
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
  });
});
