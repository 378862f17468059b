import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileObject } from '@chat/contract';
import type { S3Settings } from '../../../config/files-config.js';
import { AppError } from '../../../platform/errors.js';
import { chatUser, startChatApp, type ChatHarness } from '../../../../test/support/chat-harness.js';
import { firebaseStorage } from './firebase.js';
import {
  startFakeFirebase,
  startFakeOpenAIFiles,
  type FakeStore,
} from '../../../../test/support/fake-stores.js';
import { localStorage } from './local.js';
import { openaiStorage } from './openai.js';
import { s3Storage } from './s3.js';
import type { FileStorage } from './types.js';

const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** 6 MB in 64 KB chunks, made as it is read: more than one multipart part for S3. */
function bigStream(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) return this.push(null);
      const n = Math.min(65_536, bytes - sent);
      this.push(Buffer.alloc(n, sent % 251));
      sent += n;
    },
  });
}

/** The contract every storage keeps: put streams in, get streams out, delete forgets. */
function storageContract(name: string, make: () => FileStorage) {
  describe(`${name} storage`, () => {
    it('stores a stream, reads it back, deletes it (twice is fine)', async () => {
      const s = make();
      const put = await s.put(
        'images/u1/a.png',
        Readable.from([Buffer.from('hello '), Buffer.from('world')]),
        'image/png',
      );
      expect(put.bytes).toBe(11);
      // OpenAI names the file itself (its file id); the others keep the server's key.
      if (s.source !== 'openai') expect(put.key).toBe('images/u1/a.png');
      expect((await text(await s.get(put.key))).toString()).toBe('hello world');
      await s.delete(put.key);
      await expect(s.get(put.key)).rejects.toMatchObject({ code: 'not_found' });
      await s.delete(put.key);
    });

    it('streams a file larger than one S3 part', async () => {
      const s = make();
      const size = 6 * 1024 * 1024 + 123;
      const put = await s.put('images/u1/big.bin', bigStream(size), 'application/octet-stream');
      expect(put.bytes).toBe(size);
      expect((await text(await s.get(put.key))).length).toBe(size);
      await s.delete(put.key);
    });

    it('answers not_found for a key that holds nothing', async () => {
      await expect(make().get('images/nobody/none.png')).rejects.toBeInstanceOf(AppError);
    });
  });
}

let dir: string;
let s3: S3rver;
let settings: S3Settings;
let firebase: FakeStore;
let openai: FakeStore;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storage-test-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'uploads', configs: [] }],
  });
  const { port } = await s3.run();
  settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'uploads',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  firebase = await startFakeFirebase('fb-key', 'chat-app.appspot.com');
  openai = await startFakeOpenAIFiles('sk-files');
});
afterAll(async () => {
  await s3.close();
  await firebase.close();
  await openai.close();
  await rm(dir, { recursive: true, force: true });
});

storageContract('local', () => localStorage(join(dir, 'local')));
storageContract('s3 (an S3-compatible server, through @aws-sdk/client-s3)', () => s3Storage(settings));
storageContract('firebase (its REST API)', () =>
  firebaseStorage({ apiKey: 'fb-key', bucket: 'chat-app.appspot.com', baseURL: firebase.url }),
);
storageContract('openai (the Files API, purpose vision)', () =>
  openaiStorage({ apiKey: 'sk-files', baseURL: openai.url }),
);

describe('http stores', () => {
  it('refuse with the wrong key, naming the store and never the key', async () => {
    const s = openaiStorage({ apiKey: 'sk-wrong', baseURL: openai.url });
    const err = await s
      .put('images/u/x.png', Readable.from([Buffer.from('x')]), 'image/png')
      .catch((e: Error) => e);
    expect(String(err)).toMatch(/openai storage answered 401/);
    expect(String(err)).not.toContain('sk-wrong');
  });
});

describe('local storage paths', () => {
  it('refuses a key that would leave its folder', async () => {
    const s = localStorage(join(dir, 'local'));
    await expect(
      s.put('../escape.png', Readable.from([Buffer.from('x')]), 'image/png'),
    ).rejects.toMatchObject({ code: 'validation_error' });
    await expect(s.get('images/../../etc/passwd')).rejects.toBeInstanceOf(AppError);
  });
});

describe('uploads with fileStrategy s3', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await startChatApp({ files: { strategy: 's3', dataDir: join(dir, 'data'), s3: settings } });
  });
  afterAll(() => h.close());

  it('stores the re-encoded image in the bucket, serves it to its owner, deletes it there', async () => {
    const alice = await chatUser(h, 'Alice');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'red.png');
    form.append('file_id', crypto.randomUUID());
    const res = await fetch(`${h.url}/api/files/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.user.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const file = (await res.json()) as FileObject;
    expect(file.source).toBe('s3');
    const key = `images/${alice.user.user.id}/${file.file_id}.png`;
    expect((await text(await s3Storage(settings).get(key))).length).toBe(file.bytes);
    const read = await alice.api(file.filepath);
    expect(read.status).toBe(200);
    expect(await sharp(Buffer.from(await read.arrayBuffer())).metadata()).toMatchObject({
      width: 40,
      height: 30,
    });
    // No temporary upload is left behind.
    expect(await readdir(join(dir, 'data', 'tmp'))).toEqual([]);
    const del = await alice.api('/api/files', {
      method: 'DELETE',
      body: { files: [{ file_id: file.file_id }] },
    });
    expect(del.status).toBe(200);
    await expect(s3Storage(settings).get(key)).rejects.toMatchObject({ code: 'not_found' });
  });
});
