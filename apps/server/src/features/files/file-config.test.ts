import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILE_ERROR_TEXTS,
  FILE_UPLOADS_DISABLED_TEXT,
  fileTooLargeText,
  type FileConfig,
  type FileObject,
} from '@chat/contract';
import { parseYamlConfig } from '../../config/yaml-config.js';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import sharp from 'sharp';

const MB = 1024 * 1024;
const makeImage = (format: 'jpeg' | 'png', width = 32, height = 24) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();
/** Noise: an image that does not compress, so its size is known to pass a small limit. */
const noisyPng = () =>
  sharp({
    create: {
      width: 200,
      height: 200,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
/** A librechat.yaml's fileConfig for the harness's two endpoints (openAI, byok). */
const YAML = [
  'version: 1.2.1',
  'fileConfig:',
  '  endpoints:',
  '    default:',
  '      supportedMimeTypes: ["^image/png$"]',
  '    openAI:',
  '      disabled: true',
  '    byok:',
  '      fileLimit: 2',
  '      fileSizeLimit: 0.05',
  '      supportedMimeTypes: ["^image/(jpeg|png)$"]',
  '',
].join('\n');
const tinyLimit = Math.round(0.05 * MB);

describe('librechat.yaml fileConfig on uploads (per endpoint, over HTTP)', () => {
  let h: ChatHarness;
  let dataDir: string;
  let alice: Awaited<ReturnType<typeof chatUser>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'file-config-test-'));
    const { fileConfig } = parseYamlConfig(YAML, '/etc/librechat.yaml', {});
    h = await startChatApp({ files: { strategy: 'local', dataDir }, fileConfig });
    alice = await chatUser(h, 'Alice');
  });
  afterAll(async () => {
    await h.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, fields: Record<string, string> = {}) => {
    const form = new FormData();
    // LibreChat's client sends the endpoint before the file.
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo');
    form.append('file_id', crypto.randomUUID());
    const res = await fetch(`${h.url}/api/files/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.user.token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as FileObject & { message?: string } };
  };

  it('answers the merged limits at GET /api/files/config', async () => {
    const config = (await (await alice.api('/api/files/config')).json()) as FileConfig;
    expect(config.endpoints.default).toEqual({
      disabled: false,
      fileLimit: 10,
      fileSizeLimit: 20 * MB,
      totalSizeLimit: 25 * MB,
      supportedMimeTypes: ['image/png'],
    });
    expect(config.endpoints.openAI).toMatchObject({ disabled: true, fileLimit: 0 });
    expect(config.endpoints.byok).toEqual({
      disabled: false,
      fileLimit: 2,
      fileSizeLimit: tinyLimit,
      totalSizeLimit: 25 * MB,
      supportedMimeTypes: ['image/jpeg', 'image/png'],
    });
    expect(config.serverFileSizeLimit).toBe(20 * MB);
  });

  it('refuses uploads for an endpoint whose file config disables them', async () => {
    const { status, body } = await upload(await makeImage('png'), { endpoint: 'openAI' });
    expect(status).toBe(403);
    expect(body.message).toBe(FILE_UPLOADS_DISABLED_TEXT);
  });

  it('takes the endpoint’s types and size, and the default’s where the upload names no endpoint', async () => {
    const jpeg = await makeImage('jpeg');
    const png = await makeImage('png');
    expect(jpeg.length).toBeLessThan(tinyLimit);
    // The default takes PNG only; byok takes JPEG too.
    const noEndpoint = await upload(jpeg);
    expect(noEndpoint.status).toBe(400);
    expect(noEndpoint.body.message).toBe(FILE_ERROR_TEXTS.unsupported);
    expect((await upload(png)).status).toBe(200);
    expect((await upload(jpeg, { endpoint: 'byok' })).status).toBe(200);
    // An endpoint the file does not name (nor the server knows) is the default's.
    expect((await upload(jpeg, { endpoint: 'google' })).status).toBe(400);

    const large = await noisyPng();
    expect(large.length).toBeGreaterThan(tinyLimit);
    const tooLarge = await upload(large, { endpoint: 'byok' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(fileTooLargeText(tinyLimit));
    expect(tooLarge.body.message).toBe('File size exceeds 51 KB.');
    // The same image is within the default's 20 MB.
    expect((await upload(large)).status).toBe(200);
  });

  it('refuses a message with files on an endpoint whose uploads are disabled, before anything is saved', async () => {
    const stored = await upload(await makeImage('png'));
    expect(stored.status).toBe(200);
    const res = await alice.ask({
      files: [{ file_id: stored.body.file_id, filepath: stored.body.filepath }],
    });
    expect(res.status).toBe(403);
    expect((res.json as { message: string }).message).toBe(FILE_UPLOADS_DISABLED_TEXT);
    const convos = (await (await alice.api('/api/convos')).json()) as { conversations: unknown[] };
    expect(convos.conversations).toEqual([]);
    // Without files the endpoint answers as before.
    expect((await alice.ask({})).status).toBe(200);
  });
});
