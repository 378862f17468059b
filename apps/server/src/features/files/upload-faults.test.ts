import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERROR_TEXTS, IMAGE_LIMITS, IMAGE_LIMIT_TEXTS } from '@chat/contract';
import { waitFor } from '../../../test/support/chat-harness.js';
import { registerUser, startTestApp, type Harness, type TestUser } from '../../../test/support/harness.js';
import { blackPng } from '../../../test/support/png.js';
import { users } from '../../db/schema.js';

const image = (format: 'jpeg' | 'png', width = 32, height = 24) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

const BOUNDARY = 'fault-boundary';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** One multipart part: its Content-Disposition (raw: it may carry any byte) and its body. */
interface Part {
  disposition: string;
  type?: string;
  body: Buffer | string;
}
const multipart = (parts: Part[], end = true): Buffer =>
  Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${p.disposition}\r\n`, 'latin1'),
      Buffer.from(p.type ? `Content-Type: ${p.type}\r\n\r\n` : '\r\n'),
      typeof p.body === 'string' ? Buffer.from(p.body) : p.body,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(end ? `--${BOUNDARY}--\r\n` : ''),
  ]);
const filePart = (field: string, body: Buffer | string, filename = 'photo.png'): Part => ({
  disposition: `form-data; name="${field}"; filename="${filename}"`,
  type: 'image/png',
  body,
});

/** The three image uploads: their path and file field, and the text fields each takes. */
const IMAGE_ROUTES = [
  { path: '/api/files/images', field: 'file', fields: { file_id: crypto.randomUUID() } },
  { path: '/api/files/images/avatar', field: 'input', fields: { manual: 'true' } },
  { path: '/api/blog/images', field: 'file', fields: {} },
] as const;

/**
 * Malformed and hostile uploads, sent as raw bytes over real HTTP to every upload route: each is
 * answered 4xx with a message that says what is wrong, never 500; and image bombs are refused
 * from their header, at once, without holding up anyone else's upload.
 */
describe('upload faults over HTTP', () => {
  let h: Harness;
  let dataDir: string;
  let writer: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'upload-faults-'));
    h = await startTestApp({ files: { strategy: 'local', dataDir } });
    writer = await registerUser(h.url, 'Writer');
    bob = await registerUser(h.url, 'Bob');
    // The blog's upload takes writers only: this user may use all three.
    await h.database.db.update(users).set({ role: 'WRITER' }).where(eq(users.id, writer.user.id));
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = async (user: TestUser, path: string, body: Buffer | string, type = TYPE) => {
    const res = await fetch(`${h.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
      body,
    });
    const text = await res.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      message = undefined;
    }
    return { status: res.status, message, text };
  };
  const fieldParts = (fields: Record<string, string>): Part[] =>
    Object.entries(fields).map(([k, v]) => ({ disposition: `form-data; name="${k}"`, body: v }));
  const sendImage = (user: TestUser, route: (typeof IMAGE_ROUTES)[number], file: Part | Part[], end = true) =>
    post(
      user,
      route.path,
      multipart([...(Array.isArray(file) ? file : [file]), ...fieldParts(route.fields)], end),
    );

  it.each(IMAGE_ROUTES)('$path: a NUL in the file name is a 400 that says so', async (route) => {
    const res = await sendImage(writer, route, filePart(route.field, await image('png'), 'a\0b.png'));
    expect(res.status).toBe(400);
    expect(res.message).toBe(IMAGE_LIMIT_TEXTS.badFilename);
  });

  it.each(IMAGE_ROUTES)('$path: a truncated or corrupt image is a 400, not a 500', async (route) => {
    const png = await image('png', 300, 200);
    const truncated = await sendImage(writer, route, filePart(route.field, png.subarray(0, png.length - 40)));
    expect(truncated.status).toBe(400);
    expect(truncated.message).toBe(FILE_ERROR_TEXTS.process);
    // The header whole, the pixel data cut off halfway.
    const half = await sendImage(writer, route, filePart(route.field, png.subarray(0, 60)));
    expect(half.status).toBe(400);
    const jpeg = await image('jpeg', 300, 200);
    const cutJpeg = await sendImage(
      writer,
      route,
      filePart(route.field, jpeg.subarray(0, jpeg.length / 2), 'a.jpg'),
    );
    expect(cutJpeg.status).toBe(400);
    // Its bytes flipped past the header: checksums fail.
    const flipped = Buffer.from(png);
    for (let i = 60; i < flipped.length - 20; i += 7) flipped[i] = flipped[i]! ^ 0xff;
    const corrupt = await sendImage(writer, route, filePart(route.field, flipped));
    expect(corrupt.status).toBe(400);
  });

  it.each(IMAGE_ROUTES)('$path: malformed multipart is a 4xx with a clear message', async (route) => {
    const png = await image('png');
    const cases: [string, Promise<{ status: number; message?: string }>, RegExp | string][] = [
      [
        'no filename',
        sendImage(writer, route, {
          disposition: `form-data; name="${route.field}"`,
          type: 'image/png',
          body: png,
        }),
        IMAGE_LIMIT_TEXTS.noFilename(route.field),
      ],
      [
        'the file field twice',
        sendImage(writer, route, [filePart(route.field, png), filePart(route.field, png)]),
        'Only one file per upload',
      ],
      [
        'a zero-byte file',
        sendImage(writer, route, filePart(route.field, Buffer.alloc(0))),
        FILE_ERROR_TEXTS.unsupported,
      ],
      [
        'garbage said to be a PNG',
        sendImage(writer, route, filePart(route.field, Buffer.from('hello, this is not an image at all'))),
        FILE_ERROR_TEXTS.unsupported,
      ],
      [
        'a huge field name',
        sendImage(writer, route, [
          filePart(route.field, png),
          { disposition: `form-data; name="${'x'.repeat(10_000)}"`, body: 'v' },
        ]),
        /^Unexpected field/,
      ],
      [
        'a huge file field name',
        sendImage(writer, route, filePart('f'.repeat(10_000), png)),
        /^Unexpected file field/,
      ],
      [
        'a file name past 255 characters',
        sendImage(writer, route, filePart(route.field, png, `${'n'.repeat(252)}.png`)),
        IMAGE_LIMIT_TEXTS.filenameTooLong,
      ],
      [
        'a 100 KB file name',
        sendImage(writer, route, filePart(route.field, png, 'n'.repeat(100_000))),
        IMAGE_LIMIT_TEXTS.filenameTooLong,
      ],
      [
        'the body cut off',
        sendImage(writer, route, filePart(route.field, png), false),
        IMAGE_LIMIT_TEXTS.malformed,
      ],
      [
        'no boundary',
        post(writer, route.path, multipart([filePart(route.field, png)]), 'multipart/form-data'),
        IMAGE_LIMIT_TEXTS.malformed,
      ],
      ['not multipart inside', post(writer, route.path, '{"file":"x"}'), IMAGE_LIMIT_TEXTS.malformed],
      ['an empty body', post(writer, route.path, ''), IMAGE_LIMIT_TEXTS.malformed],
      ['no parts at all', post(writer, route.path, multipart([])), IMAGE_LIMIT_TEXTS.noFile(route.field)],
    ];
    for (const [what, answer, message] of cases) {
      const res = await answer;
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      if (typeof message === 'string') expect({ what, message: res.message }).toEqual({ what, message });
      else expect(res.message, what).toMatch(message);
    }
  });

  it('takes a JPEG sent as a PNG, by its content', async () => {
    const res = await sendImage(writer, IMAGE_ROUTES[0], filePart('file', await image('jpeg'), 'looks.png'));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ type: 'image/jpeg', filename: 'looks.png' });
  });

  it('the import upload: malformed multipart is a 400, a bad file a failed job, each saying what is wrong', async () => {
    const path = '/api/convos/import';
    const json = Buffer.from('{"conversations":[]}');
    const part = (body: Buffer | string, filename = 'export.json'): Part => ({
      disposition: `form-data; name="file"; filename="${filename}"`,
      type: 'application/json',
      body,
    });
    const cases: [string, Promise<{ status: number; message?: string }>, RegExp][] = [
      ['no boundary', post(writer, path, multipart([part(json)]), 'multipart/form-data'), /boundary/],
      ['not multipart inside', post(writer, path, 'garbage'), /malformed: .*end of multipart/],
      ['no parts at all', post(writer, path, multipart([])), /no "file" part/],
      ['the body cut off', post(writer, path, multipart([part(json)]).subarray(0, 120)), /malformed/],
    ];
    for (const [what, answer, message] of cases) {
      const res = await answer;
      expect({ what, status: res.status }).toEqual({ what, status: 400 });
      expect(res.message, what).toMatch(message);
    }
    // Once the file part is found the upload is stored as a job (201 with its id), or refused at
    // once when the body ends inside the file; a bad file fails its job with an error saying what
    // is wrong (never the catch-all "internal").
    const cut = await post(writer, path, multipart([part('{"conversations":[{"title":"x"')], false));
    expect(cut.status).toBe(400);
    expect(cut.message).toMatch(/cut off|cut short|malformed/);
    const jobs: [string, Buffer, Record<string, unknown>][] = [
      [
        'a zero-byte file',
        multipart([part(Buffer.alloc(0))]),
        { status: 'failed', error: { code: 'validation_error', message: 'The file is empty' } },
      ],
      [
        'garbage',
        multipart([part('\u0000\u0001 not json at all')]),
        { status: 'failed', error: expect.objectContaining({ code: 'validation_error' }) },
      ],
      [
        'a PNG said to be JSON',
        multipart([part(await image('png'))]),
        { status: 'failed', error: expect.objectContaining({ code: 'validation_error' }) },
      ],
      // The name is not used: a NUL in it harms nothing; a second file part is ignored.
      ['a NUL in the file name', multipart([part(json, 'a\0b.json')]), { status: 'completed' }],
      ['the file twice', multipart([part(json), part(json)]), { status: 'completed' }],
    ];
    for (const [what, body, ended] of jobs) {
      const res = await post(writer, path, body);
      expect({ what, status: res.status }).toEqual({ what, status: 201 });
      const { jobId } = JSON.parse(res.text) as { jobId: string };
      let job: { status?: string } = {};
      await waitFor(async () => {
        const r = await fetch(`${h.url}/api/convos/import/jobs/${jobId}`, {
          headers: { authorization: `Bearer ${writer.token}` },
        });
        job = (await r.json()) as { status: string };
        return job.status === 'completed' || job.status === 'failed';
      }, 20_000);
      expect({ what, job }).toEqual({ what, job: expect.objectContaining(ended) });
    }
  });

  it('refuses an image bomb (1 × 40,000,000 pixels in a small file) from its header, at once', async () => {
    const strip = blackPng(1, 40_000_000);
    expect(strip.length).toBeLessThan(200 * 1024);
    for (const route of IMAGE_ROUTES) {
      const res = await sendImage(writer, route, filePart(route.field, strip));
      expect(res.status).toBe(400);
      expect(res.message).toBe(FILE_ERROR_TEXTS.dimensions);
    }
    // Too many pixels, each side within the limit: the same refusal.
    const side = IMAGE_LIMITS.maxSidePx;
    const rows = Math.floor(IMAGE_LIMITS.maxPixels / side) + 1;
    const wide = blackPng(side, rows);
    const res = await sendImage(writer, IMAGE_ROUTES[0], filePart('file', wide));
    expect(res.status).toBe(400);
    expect(res.message).toBe(FILE_ERROR_TEXTS.dimensions);
  });

  it('another user’s upload does not wait behind one user’s bombs', async () => {
    const strip = blackPng(1, 40_000_000);
    const order: string[] = [];
    const track = async (name: string, answer: Promise<{ status: number }>) => {
      const res = await answer;
      order.push(name);
      return res.status;
    };
    const route = IMAGE_ROUTES[0];
    const bombs = [1, 2, 3].map((n) => track(`bomb ${n}`, sendImage(writer, route, filePart('file', strip))));
    const normal = track('normal', sendImage(bob, route, filePart('file', await image('png'))));
    expect(await normal).toBe(200);
    expect(await Promise.all(bombs)).toEqual([400, 400, 400]);
  });

  it('another user’s upload is decoded while one user’s slow images wait their own turn', async () => {
    // Legal images that are slow to decode (interlaced, 39.6 megapixels): hundreds of ms each.
    const slow = blackPng(6000, 6600, { interlaced: true });
    const tmp = join(dataDir, 'tmp');
    const received = async () =>
      (await readdir(tmp)).filter((n) => n.endsWith('.upload') && !n.includes('reencoded')).length;
    const done: string[] = [];
    const track = async (name: string, answer: Promise<{ status: number }>) => {
      const res = await answer;
      done.push(name);
      return res.status;
    };
    const route = IMAGE_ROUTES[0];
    const heavy = [1, 2, 3].map((n) => track(`heavy ${n}`, sendImage(writer, route, filePart('file', slow))));
    // All three are in (received, checked, decoding or waiting) before the other user sends.
    await waitFor(async () => (await received()) === 3);
    const normal = track('normal', sendImage(bob, route, filePart('file', await image('png'))));
    expect(await normal).toBe(200);
    await Promise.all(heavy);
    // One decoder slot was the heavy user's, the other free for bob: his upload was done before
    // a second heavy one was (with one shared queue it waited behind two of them).
    const secondHeavy = done.filter((d) => d.startsWith('heavy'))[1]!;
    expect(done.indexOf('normal')).toBeLessThan(done.indexOf(secondHeavy));
  });
});
