import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, IMAGE_LIMIT_TEXTS, UPLOAD_LIMITS } from '@chat/contract';
import { blackPng } from '../../../test/support/png.js';
import { createImageStore, decodeTimedOut } from './store-image.js';
import { localStorage } from './storage/local.js';

describe('createImageStore', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-image-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const received = async (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return { path, head: bytes.subarray(0, 16), bytes: bytes.length, filename: name };
  };

  it('stops a decode that runs past its time bound: a 400 that says so, nothing stored', async () => {
    // The per-side limit raised so that a strip slow to decode (a pass per row) reaches the decoder.
    const store = createImageStore({ ...IMAGE_LIMITS, maxSidePx: 20_000_000, decodeTimeoutSeconds: 1 });
    const storage = localStorage(join(dir, 'store'));
    const file = await received('strip.png', blackPng(1, 16_000_000));
    const err = await store(storage, file, {
      owner: 'u1',
      allowed: UPLOAD_LIMITS.imageTypes,
      key: (ext) => `images/strip.${ext}`,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, message: IMAGE_LIMIT_TEXTS.tooSlow });
    // Neither the store nor the temporary folder keeps anything of it but the upload itself.
    expect(await readdir(dir, { recursive: true })).toEqual(['strip.png']);
  });

  it("knows the time bound by its line wherever libvips put it among the threads' errors", () => {
    expect(decodeTimedOut('timeout: 10% complete\nvips2png: unable to write to target /tmp/x.png')).toBe(
      true,
    );
    expect(
      decodeTimedOut('VipsImage: killed for image "temp-16"\ntimeout: 11% complete\nvips2png: unable'),
    ).toBe(true);
    expect(decodeTimedOut('pngload: libpng read error')).toBe(false);
    expect(decodeTimedOut('Input file has a timeout: header')).toBe(false);
  });
});
