import type { Metadata, Sharp } from 'sharp';
import { FILE_ERROR_TEXTS, IMAGE_LIMITS, IMAGE_LIMIT_TEXTS, UPLOAD_LIMITS } from '@chat/contract';
import { AppError } from '../errors.js';

export type ImageMime = (typeof UPLOAD_LIMITS.imageTypes)[number];

export interface ImageType {
  mime: ImageMime;
  /** The extension to store the file under (the client's name is never used for it). */
  ext: 'jpg' | 'png' | 'webp';
}

/**
 * sharp (libvips, ~28 MB of RSS) is loaded by the first image, not at start-up. Each image is
 * decoded on one libvips thread (its default is one per core: two uploads could take every core
 * from the rest of the server) and nothing is cached (each upload is read once; the cache would
 * hold its pixels and an open file).
 */
const loadSharp = () =>
  import('sharp').then(({ default: sharp }) => {
    // Set on every use (cheap): another part of the process may have changed them.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });

/** Largest image decoded, in pixels (width × height × frames): larger is a decompression bomb. */
const MAX_IMAGE_PIXELS = IMAGE_LIMITS.maxPixels;

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type by its magic bytes: JPEG, PNG or WEBP, else null (GIF, SVG, HTML, PDF, … are
 * refused). The client's MIME type and file name are never consulted.
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { mime: 'image/webp', ext: 'webp' };
  return null;
}

const UNSUPPORTED = FILE_ERROR_TEXTS.unsupported;

/** sniffImage or 400, limited to `allowed` types (the avatar takes fewer). */
export function requireImageType(
  bytes: Uint8Array,
  allowed: readonly ImageMime[] = UPLOAD_LIMITS.imageTypes,
): ImageType {
  const type = sniffImage(bytes);
  if (!type || !allowed.includes(type.mime)) throw new AppError('validation_error', UNSUPPORTED);
  return type;
}

/** The spec's limits on one upload batch: count, each file's size and their total (413). */
export function checkUploadBatch(files: readonly { size: number }[], limits = UPLOAD_LIMITS): void {
  if (files.length > limits.maxFiles) {
    throw new AppError('validation_error', `You can only upload up to ${limits.maxFiles} files at a time.`);
  }
  const mb = (n: number) => `${n / (1024 * 1024)} MB`;
  if (files.some((f) => f.size > limits.maxFileBytes)) {
    throw new AppError('payload_too_large', `File size exceeds ${mb(limits.maxFileBytes)}.`);
  }
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > limits.maxTotalBytes) {
    throw new AppError(
      'payload_too_large',
      `The total size of the files cannot exceed ${mb(limits.maxTotalBytes)}.`,
    );
  }
}

export function checkAvatarSize(size: number, limits = UPLOAD_LIMITS): void {
  if (size > limits.avatarMaxBytes) throw new AppError('payload_too_large', FILE_ERROR_TEXTS.avatarTooLarge);
}

/** An image in memory, or in a file (an upload streamed to disk) with its first bytes read. */
export type ImageInput = Buffer | { path: string; head: Uint8Array };
const sourceOf = (input: ImageInput): Buffer | string => (Buffer.isBuffer(input) ? input : input.path);
const headOf = (input: ImageInput): Uint8Array => (Buffer.isBuffer(input) ? input : input.head);

export interface InspectedImage extends ImageType {
  width: number;
  height: number;
}

/** The checks on an image's header: its pixels in all, its longest side, the types taken. */
export interface ImageCheck {
  maxPixels?: number;
  maxSidePx?: number;
  allowed?: readonly ImageMime[];
}

/**
 * Checks an uploaded image without decoding it: the magic bytes, then the header's dimensions
 * (sharp reads metadata only), refusing (400) more than `maxPixels` pixels over all frames or a
 * side longer than `maxSidePx` (a 1-pixel strip millions of rows long is slow to decode though its
 * pixels are few), and a header that does not match the sniffed type.
 */
export async function inspectImage(input: ImageInput, opts: ImageCheck = {}): Promise<InspectedImage> {
  const type = requireImageType(headOf(input), opts.allowed);
  const maxPixels = opts.maxPixels ?? MAX_IMAGE_PIXELS;
  const maxSide = opts.maxSidePx ?? IMAGE_LIMITS.maxSidePx;
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(sourceOf(input), { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('validation_error', IMAGE_LIMIT_TEXTS.unreadable);
  }
  const format = meta.format;
  if (`image/${format}` !== type.mime || !meta.width || !meta.height) {
    throw new AppError('validation_error', IMAGE_LIMIT_TEXTS.unreadable);
  }
  const pixels = meta.width * meta.height * (meta.pages ?? 1);
  if (pixels > maxPixels || Math.max(meta.width, meta.height) > maxSide) {
    throw new AppError('validation_error', FILE_ERROR_TEXTS.dimensions);
  }
  return { ...type, width: meta.width, height: meta.height };
}

/**
 * A sharp pipeline over an inspected image that refuses, while decoding too, more than
 * `maxPixels` pixels: the second line against a header that lies. Features resize through it.
 */
export async function openImage(
  input: ImageInput,
  opts: ImageCheck = {},
): Promise<{ image: Sharp; info: InspectedImage }> {
  const info = await inspectImage(input, opts);
  const sharp = await loadSharp();
  const image = sharp(sourceOf(input), {
    limitInputPixels: opts.maxPixels ?? MAX_IMAGE_PIXELS,
    failOn: 'error',
  });
  return { image, info };
}
