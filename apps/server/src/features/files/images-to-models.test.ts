import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileObject } from '@chat/contract';
import {
  providerUser,
  startProviderApp,
  type ProviderHarness,
  type ProviderKind,
} from '../../../test/support/provider-harness.js';

/** Where each protocol's request carries the user's image, as its fake recorded it. */
const IMAGE_IN_REQUEST: Record<ProviderKind, (body: string, data: string) => void> = {
  anthropic: (body, data) =>
    expect(body).toContain(
      JSON.stringify({ type: 'image', source: { type: 'base64', media_type: 'image/png', data } }),
    ),
  google: (body, data) =>
    expect(body).toContain(JSON.stringify({ inlineData: { mimeType: 'image/png', data } })),
  azureOpenAI: (body, data) =>
    expect(body).toContain(JSON.stringify({ url: `data:image/png;base64,${data}`, detail: 'low' })),
};

describe.each(['anthropic', 'google', 'azureOpenAI'] as const)('images reach %s models', (kind) => {
  let h: ProviderHarness;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vision-test-'));
    h = await startProviderApp(kind, { files: { strategy: 'local', dataDir: dir } });
  });
  afterAll(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('as the provider expects them, read back from storage', async () => {
    const user = await providerUser(h, 'Viewer');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'green.png');
    form.append('file_id', crypto.randomUUID());
    const res = await fetch(`${h.url}/api/files/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.user.token}` },
      body: form,
    });
    const file = (await res.json()) as FileObject;
    const stored = Buffer.from(await (await user.api(file.filepath)).arrayBuffer()).toString('base64');
    const asked = await user.ask({
      text: 'Describe it',
      files: [{ file_id: file.file_id }],
      imageDetail: 'low',
    });
    expect(asked.status).toBe(200);
    const body = JSON.stringify(h.fake.requests.at(-1)!.body);
    IMAGE_IN_REQUEST[kind](body, stored);
    expect(body).toContain('Describe it');
  });
});

describe('a model that reads no images', () => {
  let h: ProviderHarness;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vision-test-'));
    h = await startProviderApp('google', { files: { strategy: 'local', dataDir: dir } });
  });
  afterAll(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gets the text only (gemini-pro)', async () => {
    const user = await providerUser(h, 'Viewer');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'blue.png');
    form.append('file_id', crypto.randomUUID());
    const res = await fetch(`${h.url}/api/files/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.user.token}` },
      body: form,
    });
    const file = (await res.json()) as FileObject;
    const asked = await user.ask({
      text: 'Text only',
      model: 'gemini-pro',
      files: [{ file_id: file.file_id }],
    });
    expect(asked.status).toBe(200);
    const body = JSON.stringify(h.fake.requests.at(-1)!.body);
    expect(body).toContain('Text only');
    expect(body).not.toContain('inlineData');
  });
});
