import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERROR_TEXTS, UPLOAD_LIMITS } from '@chat/contract';
import { AppError } from '../errors.js';
import {
  checkAvatarSize,
  checkUploadBatch,
  inspectImage,
  openImage,
  requireImageType,
  sniffImage,
} from './upload.js';

const make = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 16, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A hand-made PNG: a few hundred bytes on disk whose header claims width × height pixels. */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  // The first rows of zeros; a decoder that trusts the header would allocate width × height.
  const idat = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const images: Record<string, Buffer> = {};
beforeAll(async () => {
  for (const f of ['jpeg', 'png', 'webp', 'gif'] as const) images[f] = await make(f);
});

const statusOf = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
  return 200;
};

describe('sniffImage', () => {
  it('recognises JPEG, PNG and WEBP by their bytes', () => {
    expect(sniffImage(images.jpeg!)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(sniffImage(images.png!)).toEqual({ mime: 'image/png', ext: 'png' });
    expect(sniffImage(images.webp!)).toEqual({ mime: 'image/webp', ext: 'webp' });
  });

  it.each([
    ['GIF (not in the spec’s list)', () => images.gif!],
    ['SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML named .png', () => Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['PDF', () => Buffer.from('%PDF-1.7\n')],
    ['RIFF but not WEBP (WAV)', () => Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ')],
    ['empty', () => Buffer.alloc(0)],
    ['two bytes of a JPEG', () => Buffer.from([0xff, 0xd8])],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImage(bytes())).toBeNull();
    expect(() => requireImageType(bytes())).toThrow(/only JPEG, JPG, PNG, and WEBP/);
  });

  it('keeps the avatar to PNG and JPEG', () => {
    expect(() => requireImageType(images.webp!, UPLOAD_LIMITS.avatarTypes)).toThrow(AppError);
    expect(requireImageType(images.png!, UPLOAD_LIMITS.avatarTypes).ext).toBe('png');
  });
});

describe('size limits (from the contract)', () => {
  const MB = 1024 * 1024;
  it('takes up to 10 files, each up to 20 MB, 25 MB in all', async () => {
    expect(await statusOf(() => checkUploadBatch(Array(10).fill({ size: 2 * MB })))).toBe(200);
    expect(await statusOf(() => checkUploadBatch(Array(11).fill({ size: 1 })))).toBe(400);
    expect(await statusOf(() => checkUploadBatch([{ size: 20 * MB + 1 }]))).toBe(413);
    expect(await statusOf(() => checkUploadBatch([{ size: 15 * MB }, { size: 10 * MB + 1 }]))).toBe(413);
    expect(() => checkUploadBatch(Array(11).fill({ size: 1 }))).toThrow(
      'You can only upload up to 10 files at a time.',
    );
    expect(() => checkUploadBatch([{ size: 21 * MB }])).toThrow('File size exceeds 20 MB.');
  });

  it('takes an avatar up to 2 MB', async () => {
    expect(await statusOf(() => checkAvatarSize(2 * MB))).toBe(200);
    expect(await statusOf(() => checkAvatarSize(2 * MB + 1))).toBe(413);
  });
});

describe('inspectImage and openImage', () => {
  it('reads the type and size of a real image', async () => {
    await expect(inspectImage(images.webp!)).resolves.toMatchObject({
      mime: 'image/webp',
      width: 16,
      height: 16,
    });
  });

  it('decodes each image on one libvips thread, with no cache (two uploads never take every core)', async () => {
    sharp.concurrency(4);
    sharp.cache(true);
    await inspectImage(images.png!);
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
  });

  it('refuses a hand-made decompression bomb from its header, before decoding', async () => {
    const bomb = bombPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    expect(await statusOf(inspectImage(bomb))).toBe(400);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a real 42-megapixel PNG of 40 KB made by sharp (over the 40 MP default)', async () => {
    const big = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(big.length).toBeLessThan(100_000);
    expect(await statusOf(inspectImage(big))).toBe(400);
    await expect(inspectImage(big)).rejects.toThrow(FILE_ERROR_TEXTS.dimensions);
    expect(await statusOf(inspectImage(big, { maxPixels: 42_000_000 }))).toBe(200);
  });

  it('the decode pipeline enforces the pixel limit too (a lying header)', async () => {
    const { image } = await openImage(images.png!, { maxPixels: 1000 });
    await expect(image.resize(8).toBuffer()).resolves.toBeInstanceOf(Buffer);
    // sharp's own limit, as the pipeline carries it, refuses what is over it while decoding.
    const over = sharp(images.png!, { limitInputPixels: 100, failOn: 'error' });
    await expect(over.toBuffer()).rejects.toThrow(/pixel limit/i);
  });

  it('refuses a truncated image and a header that contradicts the content', async () => {
    expect(await statusOf(inspectImage(images.png!.subarray(0, 20)))).toBe(400);
    const jpegMagicPngBody = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), images.png!]);
    expect(await statusOf(inspectImage(jpegMagicPngBody))).toBe(400);
  });
});
