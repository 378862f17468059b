import type { Sharp } from 'sharp';
import { AVATAR_SIZE_PX, FILE_ERROR_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { openImage, type ImageMime, type InspectedImage } from '../../platform/files/upload.js';
import type { ReceivedFile } from './receive.js';
import { createSlots } from './slots.js';
import type { FileStorage } from './storage/index.js';

/** Images decoded at once, per process. */
const decoding = createSlots(2);

export interface StoredImage {
  key: string;
  bytes: number;
  info: InspectedImage;
}

/**
 * Decodes the received image (pixels capped: a decompression bomb is refused while decoding),
 * turns it upright, re-encodes it in its own format without its metadata (EXIF, GPS, comments),
 * and streams the result to the store under `key`.
 */
export function storeImage(
  storage: FileStorage,
  file: ReceivedFile,
  opts: { key: (ext: string) => string; allowed: readonly ImageMime[]; avatar?: boolean },
): Promise<StoredImage> {
  return decoding(() => reencode(storage, file, opts));
}

async function reencode(
  storage: FileStorage,
  file: ReceivedFile,
  opts: { key: (ext: string) => string; allowed: readonly ImageMime[]; avatar?: boolean },
): Promise<StoredImage> {
  const { image, info } = await openImage({ path: file.path, head: file.head }, { allowed: opts.allowed });
  let out: Sharp = image.rotate();
  if (opts.avatar) out = out.resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' });
  out =
    info.ext === 'jpg'
      ? out.jpeg({ quality: 90, mozjpeg: true })
      : info.ext === 'png'
        ? out.png()
        : out.webp({ quality: 90 });
  try {
    const stored = await storage.put(opts.key(info.ext), out, info.mime);
    return { ...stored, info };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // sharp's decoding errors (a truncated or corrupt image, the pixel cap) end up here too.
    if (err instanceof Error && /pixel|Input|corrupt|premature|VipsJpeg|pngload|webp/i.test(err.message)) {
      throw new AppError('validation_error', FILE_ERROR_TEXTS.process);
    }
    throw err;
  }
}
