import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Sharp } from 'sharp';
import { AVATAR_SIZE_PX, FILE_ERROR_TEXTS, IMAGE_LIMITS, IMAGE_LIMIT_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { inspectImage, openImage, type ImageMime, type InspectedImage } from '../../platform/files/upload.js';
import type { ReceivedFile } from './receive.js';
import { createFairSlots } from './slots.js';
import type { FileStorage } from './storage/index.js';

export interface StoredImage {
  key: string;
  bytes: number;
  info: InspectedImage;
}

export interface StoreImageOptions {
  /** Who sent it: one user's images are decoded one at a time, in turn with everyone else's. */
  owner: string;
  key: (ext: string) => string;
  allowed: readonly ImageMime[];
  avatar?: boolean;
}

export type ImageLimits = {
  readonly [
    K in
      | 'maxPixels'
      | 'maxSidePx'
      | 'decodeTimeoutSeconds'
      | 'decodesAtOnce'
      | 'decodesPerUser'
      | 'queuedPerUser'
  ]: number;
};

/**
 * The image re-encoder of one server process. An image's header is checked first, before it
 * waits for anything (a bomb is refused at once); then it is decoded in its turn (a few at a
 * time, one per user, fairly: see createFairSlots), turned upright, re-encoded in its own format
 * without its metadata (EXIF, GPS, comments) to a temporary file within a time bound, and only
 * then streamed to the store under `key` (the decoder's turn is not held while the store writes).
 * What the decoder refuses (a truncated or corrupt file, a header that lies) is a 400; a store
 * that fails is the server's fault (500).
 */
export function createImageStore(limits: ImageLimits = IMAGE_LIMITS) {
  const decoding = createFairSlots({
    atOnce: limits.decodesAtOnce,
    perOwner: limits.decodesPerUser,
    queuedPerOwner: limits.queuedPerUser,
  });

  return async function storeImage(
    storage: FileStorage,
    file: ReceivedFile,
    opts: StoreImageOptions,
  ): Promise<StoredImage> {
    const input = { path: file.path, head: file.head };
    const check = { allowed: opts.allowed, maxPixels: limits.maxPixels, maxSidePx: limits.maxSidePx };
    const info = await inspectImage(input, check);
    // Next to the upload, named like one so the start-up sweep removes what a crash leaves.
    const out = `${file.path.replace(/\.upload$/, '')}.reencoded.upload`;
    try {
      await decoding(opts.owner, () => reencode(input, check, out, info, opts.avatar === true));
      const stored = await storage.put(opts.key(info.ext), createReadStream(out), info.mime);
      return { ...stored, info };
    } finally {
      await rm(out, { force: true });
    }
  };

  async function reencode(
    input: { path: string; head: Uint8Array },
    check: Parameters<typeof openImage>[1],
    out: string,
    info: InspectedImage,
    avatar: boolean,
  ): Promise<void> {
    try {
      const { image } = await openImage(input, check);
      let pipeline: Sharp = image.rotate();
      if (avatar) pipeline = pipeline.resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' });
      pipeline =
        info.ext === 'jpg'
          ? pipeline.jpeg({ quality: 90, mozjpeg: true })
          : info.ext === 'png'
            ? pipeline.png()
            : pipeline.webp({ quality: 90 });
      await pipeline.timeout({ seconds: limits.decodeTimeoutSeconds }).toFile(out);
    } catch (err) {
      if (err instanceof AppError) throw err;
      // Everything the decoder refuses is about the file: truncated, corrupt, a lying header.
      const slow = err instanceof Error && decodeTimedOut(err.message);
      throw new AppError('validation_error', slow ? IMAGE_LIMIT_TEXTS.tooSlow : FILE_ERROR_TEXTS.process);
    }
  }
}

/**
 * Whether sharp stopped a decode at its time bound. libvips gathers every thread's errors in one
 * buffer: the bound's own line ("timeout: 10% complete") may come after a worker thread's "killed"
 * line when that thread sees the stop first, so any line of the message counts, not only the first.
 */
export const decodeTimedOut = (message: string): boolean => /^timeout: \d+% complete$/m.test(message);
