import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_TEXTS, type BlogPost } from '@chat/contract';
import {
  authed,
  registerUser,
  startTestApp,
  type Harness,
  type TestUser,
} from '../../../test/support/harness.js';
import { users } from '../../db/schema.js';

const image = (format: 'jpeg' | 'png' | 'webp', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
    .toFormat(format)
    .toBuffer();

const form = (bytes: Buffer, field = 'file', name = 'cover.png') => {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return f;
};

/** POST /api/blog/images and GET /api/blog/images/:name. */
describe('blog featured images over HTTP', () => {
  let h: Harness;
  let dataDir: string;
  let writer: TestUser;
  let admin: TestUser;
  let plain: TestUser;

  const upload = (user: TestUser | null, body: FormData | string, type?: string) =>
    fetch(`${h.url}/api/blog/images`, {
      method: 'POST',
      headers: {
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        ...(type ? { 'content-type': type } : {}),
      },
      body,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'blog-images-'));
    h = await startTestApp({ files: { strategy: 'local', dataDir } });
    writer = await registerUser(h.url, 'Writer');
    admin = await registerUser(h.url, 'Admin');
    plain = await registerUser(h.url, 'Plain');
    await h.database.db.update(users).set({ role: 'WRITER' }).where(eq(users.id, writer.user.id));
    await h.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.user.id));
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a writer’s image, re-encoded without metadata, served to anonymous visitors', async () => {
    const res = await upload(writer, form(await image('jpeg'), 'file', 'cover.jpg'));
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/api\/blog\/images\/[0-9a-f]{32}\.jpg$/);
    // No token: a visitor's <img> loads it.
    const served = await fetch(`${h.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('public');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ width: 40, height: 30, format: 'jpeg' });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-owner'))).toBe(false);
    // Stored through the configured FileStorage (local: DATA_DIR/uploads), under the random name only.
    const stored = await readdir(dataDir, { recursive: true });
    expect(stored.some((p) => p.endsWith(url.slice('/api/blog/images/'.length)))).toBe(true);
  });

  it('an admin’s uploaded image can be a post’s featured image, and an unknown name is 404', async () => {
    const res = await upload(admin, form(await image('png')));
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/\.png$/);
    const post = await authed(h.url, admin.token)('/api/blog', {
      body: {
        title: 'With image',
        slug: `with-image-${Date.now()}`,
        metaDescription: 'Has a cover',
        content: 'Body',
        featuredImage: url,
        status: 'Approved',
      },
    });
    expect(post.status).toBe(200);
    expect(((await post.json()) as BlogPost).featuredImage).toBe(url);
    // Another site's path is not an uploaded image.
    const bad = await authed(h.url, admin.token)('/api/blog', {
      body: {
        title: 'x',
        slug: `x-${Date.now()}`,
        metaDescription: 'x',
        content: 'x',
        featuredImage: '/etc/passwd',
      },
    });
    expect(bad.status).toBe(400);
    expect((await fetch(`${h.url}/api/blog/images/${'a'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${h.url}/api/blog/images/..%2Fsecrets.png`)).status).toBe(400);
  });

  it('refuses users without the WRITER or ADMIN role, and visitors', async () => {
    const res = await upload(plain, form(await image('png')));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(BLOG_TEXTS.forbiddenManage);
    expect((await upload(null, form(await image('png')))).status).toBe(401);
  });

  it('refuses what is not a JPEG, PNG or WebP image, and images over 5 MB', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(writer, form(gif, 'file', 'a.gif'))).status).toBe(400);
    expect(
      (await upload(writer, form(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).status,
    ).toBe(400);
    expect((await upload(writer, form(await image('png'), 'input'))).status).toBe(400);
    expect((await upload(writer, JSON.stringify({ file: 'x' }), 'application/json')).status).toBe(415);
    const big = Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(writer, form(big));
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(BLOG_TEXTS.imageTooLarge);
  });
});
