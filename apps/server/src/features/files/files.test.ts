import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILE_ERROR_TEXTS,
  IMAGE_LIMITS,
  type FileConfig,
  type FileObject,
  type Message,
} from '@chat/contract';
import { chatUser, startChatApp, waitFor, type ChatHarness } from '../../../test/support/chat-harness.js';
import type { FilesService } from './index.js';

type User = Awaited<ReturnType<typeof chatUser>>;

export const makeImage = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 32, height = 24) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

/** A multipart body as LibreChat's client builds it: the file first, then file_id, width, height. */
export function imageForm(
  bytes: Buffer,
  name: string,
  fields: Record<string, string>,
  field = 'file',
): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

describe('files over HTTP', () => {
  let h: ChatHarness;
  let dataDir: string;
  let alice: User;
  let bob: User;
  let files: FilesService;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'files-test-'));
    h = await startChatApp(
      { files: { strategy: 'local', dataDir } },
      // The files service, as another feature (account deletion) reaches it.
      { extraModules: [{ name: 'grab-files', register: ({ use }) => void (files = use('files')) }] },
    );
    alice = await chatUser(h, 'Alice');
    bob = await chatUser(h, 'Bob');
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = (user: User | null, path: string, body: FormData | string, type?: string) =>
    fetch(`${h.url}${path}`, {
      method: 'POST',
      headers: {
        ...(user ? { authorization: `Bearer ${user.user.token}` } : {}),
        ...(type ? { 'content-type': type } : {}),
      },
      body,
    });
  const upload = async (
    user: User,
    bytes: Buffer,
    name = 'photo.png',
    fields: Record<string, string> = {},
  ) => {
    const res = await send(
      user,
      '/api/files/images',
      imageForm(bytes, name, { file_id: crypto.randomUUID(), width: '32', height: '24', ...fields }),
    );
    return {
      status: res.status,
      body: (await res.json()) as FileObject & { message?: string; code?: string },
    };
  };
  const download = (user: User | null, filepath: string) =>
    fetch(`${h.url}${filepath}`, { headers: user ? { authorization: `Bearer ${user.user.token}` } : {} });

  it('stores an image sent file first, answering LibreChat’s fields, re-encoded without its metadata', async () => {
    const withExif = await sharp(await makeImage('jpeg'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const fileId = crypto.randomUUID();
    const { status, body } = await upload(alice, withExif, 'holiday.jpg', { file_id: fileId });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      temp_file_id: fileId,
      type: 'image/jpeg',
      width: 32,
      height: 24,
      filename: 'holiday.jpg',
      source: 'local',
    });
    expect(body.file_id).not.toBe(fileId);
    expect(body.filepath).toBe(`/api/files/download/${body.file_id}`);

    const res = await download(alice, body.filepath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const stored = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 32, height: 24 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret place'))).toBe(false);
    expect(body.bytes).toBe(stored.length);
  });

  it('takes the parts in any order', async () => {
    const form = new FormData();
    form.append('height', '24');
    form.append('file_id', crypto.randomUUID());
    form.append('file', new Blob([new Uint8Array(await makeImage('webp'))]), 'a.webp');
    form.append('width', '32');
    const res = await send(alice, '/api/files/images', form);
    expect(res.status).toBe(200);
    expect(((await res.json()) as FileObject).type).toBe('image/webp');
  });

  it('serves the bytes to their owner only', async () => {
    const { body } = await upload(alice, await makeImage('png'));
    expect((await download(bob, body.filepath)).status).toBe(404);
    expect((await download(null, body.filepath)).status).toBe(401);
    expect((await download(alice, `/api/files/download/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await bob.api('/api/files')).status).toBe(200);
    const bobs = (await (await bob.api('/api/files')).json()) as FileObject[];
    expect(bobs.map((f) => f.file_id)).not.toContain(body.file_id);
    const alices = (await (await alice.api('/api/files')).json()) as FileObject[];
    expect(alices.map((f) => f.file_id)).toContain(body.file_id);
    expect(
      (
        await send(
          null,
          '/api/files/images',
          imageForm(await makeImage('png'), 'a.png', { file_id: crypto.randomUUID() }),
        )
      ).status,
    ).toBe(401);
  });

  it('checks content, not names or declared types, with the spec’s texts', async () => {
    const gif = await upload(alice, await makeImage('gif'), 'cat.png');
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe(FILE_ERROR_TEXTS.unsupported);
    const html = await upload(alice, Buffer.from('<html><script>alert(1)</script></html>'), 'x.png');
    expect(html.status).toBe(400);
    expect(html.body.message).toBe(FILE_ERROR_TEXTS.unsupported);
    // A PNG signature over garbage: refused when decoded.
    const fake = Buffer.concat([(await makeImage('png')).subarray(0, 16), Buffer.alloc(2000, 7)]);
    expect((await upload(alice, fake, 'broken.png')).status).toBe(400);
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(20 * 1024 * 1024 + 1)]);
    const tooBig = await upload(alice, big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(FILE_ERROR_TEXTS.tooLarge);
    // A decompression bomb: a small file (one colour) of 8,000 × 6,000 pixels, past the 40 M cap.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const bombed = await upload(alice, bomb, 'bomb.png');
    expect(bombed.status).toBe(400);
    expect(bombed.body.message).toBe(FILE_ERROR_TEXTS.dimensions);
    const noFile = await send(
      alice,
      '/api/files/images',
      (() => {
        const f = new FormData();
        f.append('file_id', crypto.randomUUID());
        return f;
      })(),
    );
    expect(noFile.status).toBe(400);
    const json = await send(alice, '/api/files/images', '{}', 'application/json');
    expect(json.status).toBe(415);
    // Multipart stays refused on every other route.
    expect((await send(alice, '/api/presets', imageForm(await makeImage('png'), 'a.png', {}))).status).toBe(
      415,
    );
    // Nothing of the refused uploads was kept.
    const list = (await (await alice.api('/api/files')).json()) as FileObject[];
    expect(list.map((f) => f.filename)).not.toEqual(
      expect.arrayContaining(['cat.png', 'x.png', 'broken.png', 'big.png', 'bomb.png']),
    );
  });

  it('removes the part-written file of an upload the client abandons', async () => {
    const { request } = await import('node:http');
    const url = new URL(`${h.url}/api/files/images`);
    // This upload's own file: another test's may still be in the folder (a refused upload's is
    // removed once its answer goes, up to the refusal's drain time later), and the folder itself
    // exists only once a first upload made it.
    const tmp = join(dataDir, 'tmp');
    const listed = () => readdir(tmp).catch(() => [] as string[]);
    const before = new Set(await listed());
    let ours = '';
    const boundary = 'abandon';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice.user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(Buffer.concat([await makeImage('png'), Buffer.alloc(512 * 1024)]));
    await waitFor(async () => {
      ours = (await listed()).find((name) => !before.has(name)) ?? '';
      return ours !== '';
    });
    req.destroy();
    // Removed when the server sees the connection close; the bound is the refusal's drain time,
    // after which an upload's answer and clean-up go whatever its body does.
    await waitFor(async () => !(await listed()).includes(ours), IMAGE_LIMITS.refusalDrainMs + 5000);
  });

  it('answers the limits the client checks', async () => {
    const config = (await (await alice.api('/api/files/config')).json()) as FileConfig;
    expect(config.endpoints.default).toEqual({
      disabled: false,
      fileLimit: 10,
      fileSizeLimit: 20 * 1024 * 1024,
      totalSizeLimit: 25 * 1024 * 1024,
      supportedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    });
    expect(config.endpoints.bingAI?.disabled).toBe(true);
    expect(config.avatarSizeLimit).toBe(2 * 1024 * 1024);
  });

  it('deletes only the caller’s own files, bytes included', async () => {
    const { body: a } = await upload(alice, await makeImage('png'));
    const byBob = await bob.api('/api/files', {
      method: 'DELETE',
      body: { files: [{ file_id: a.file_id, filepath: a.filepath }] },
    });
    expect(byBob.status).toBe(404);
    expect((await download(alice, a.filepath)).status).toBe(200);
    const byAlice = await alice.api('/api/files', {
      method: 'DELETE',
      body: { files: [{ file_id: a.file_id, filepath: a.filepath, source: 'local' }] },
    });
    expect(await byAlice.json()).toMatchObject({ deleted: [a.file_id] });
    expect((await download(alice, a.filepath)).status).toBe(404);
    expect(
      (await alice.api('/api/files', { method: 'DELETE', body: { files: [{ file_id: 'x' }] } })).status,
    ).toBe(400);
  });

  it('sets the avatar (.png or .jpg under 2 MB), squared, at an unguessable public address', async () => {
    const res = await send(
      alice,
      '/api/files/images/avatar',
      imageForm(await makeImage('png', 600, 400), 'me.png', { manual: 'true' }, 'input'),
    );
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/api\/files\/avatars\/[0-9a-f]{32}\.png$/);
    const img = await fetch(`${h.url}${url}`);
    expect(img.status).toBe(200);
    expect(await sharp(Buffer.from(await img.arrayBuffer())).metadata()).toMatchObject({
      width: 250,
      height: 250,
    });
    const me = (await (await alice.api('/api/user')).json()) as { avatar: string };
    expect(me.avatar).toBe(url);
    const webp = await send(
      alice,
      '/api/files/images/avatar',
      imageForm(await makeImage('webp'), 'me.webp', { manual: 'true' }, 'input'),
    );
    expect(webp.status).toBe(400);
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await send(
      alice,
      '/api/files/images/avatar',
      imageForm(big, 'me.png', { manual: 'true' }, 'input'),
    );
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(FILE_ERROR_TEXTS.avatarTooLarge);
  });

  it('deletes every file of an account, bytes included (for account deletion)', async () => {
    const carol = await chatUser(h, 'Carol');
    const { body: one } = await upload(carol, await makeImage('png'));
    const { body: two } = await upload(carol, await makeImage('jpeg'));
    const { body: alices } = await upload(alice, await makeImage('png'));
    expect(await files.deleteAllOf(carol.user.user.id)).toBe(2);
    expect((await download(carol, one.filepath)).status).toBe(404);
    expect((await download(carol, two.filepath)).status).toBe(404);
    expect((await download(alice, alices.filepath)).status).toBe(200);
  });

  it('DELETE /api/user removes the account’s stored bytes, avatar included, and no one else’s', async () => {
    const stored = async () =>
      (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter(
        (e) => e.isFile() && !relative(dataDir, e.parentPath).startsWith('tmp'),
      ).length;
    const dave = await chatUser(h, 'Dave');
    await upload(alice, await makeImage('png'));
    const before = await stored();
    expect((await upload(dave, await makeImage('png'))).status).toBe(200);
    const avatar = await send(
      dave,
      '/api/files/images/avatar',
      imageForm(await makeImage('png'), 'me.png', { manual: 'true' }, 'input'),
    );
    expect(avatar.status).toBe(200);
    expect(await stored()).toBe(before + 2);
    const gone = await dave.api('/api/user', { method: 'DELETE', body: {} });
    expect(gone.status).toBe(200);
    expect(await stored()).toBe(before);
  });

  it('sends a message’s images to a vision model, with the imageDetail, and again with resendImages', async () => {
    const { body: file } = await upload(alice, await makeImage('png'));
    const ref = {
      file_id: file.file_id,
      filepath: file.filepath,
      type: file.type,
      width: file.width,
      height: file.height,
    };
    const first = await alice.ask({ text: 'What is this?', files: [ref], imageDetail: 'high' });
    const final = first.events.map((e) => e.data).find((d) => 'final' in d) as
      { requestMessage: Message; conversation: { conversationId: string } } | undefined;
    expect(final?.requestMessage.files).toEqual([{ ...ref }]);
    const sent = h.fake.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    const user = sent.messages.findLast((m) => m.role === 'user')!;
    expect(user.content).toEqual([
      { type: 'text', text: 'What is this?' },
      {
        type: 'image_url',
        image_url: { url: expect.stringMatching(/^data:image\/png;base64,/), detail: 'high' },
      },
    ]);
    // The next turn: without resendImages the earlier image is not sent again; with it, it is.
    const conversationId = final!.conversation.conversationId;
    const parent = (await alice.messages(conversationId)).at(-1)!.messageId;
    await alice.ask({ text: 'And now?', conversationId, parentMessageId: parent });
    const second = h.fake.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(second.messages)).not.toContain('image_url');
    const parent2 = (await alice.messages(conversationId)).at(-1)!.messageId;
    await alice.ask({ text: 'Once more', conversationId, parentMessageId: parent2, resendImages: true });
    const third = h.fake.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(third.messages).match(/"type":"image_url"/g)).toHaveLength(1);
    // Another user's file is refused before anything is saved.
    const stolen = await bob.ask({ text: 'mine now', files: [ref] });
    expect(stolen.status).toBe(404);
    expect((await (await bob.api('/api/convos')).json()) as { conversations: unknown[] }).toMatchObject({
      conversations: [],
    });
  });
});
