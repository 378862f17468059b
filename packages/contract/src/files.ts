import { UPLOAD_LIMITS } from './limits.js';

/**
 * Images and files:
 * the limits, texts and timings shared by the server and the client, zod-free (the browser's
 * first paint reads them); the shapes are in files-schemas.ts.
 */

/** Where a file's bytes live (LibreChat's `fileStrategy` values). */
export const FILE_SOURCES = ['local', 's3', 'firebase', 'openai'] as const;

/**
 * What decoding one uploaded image may cost. Its header's dimensions are checked before any pixel
 * is decoded (a small file can claim any size); the decode itself is bounded in time and shared
 * fairly between users, so one user's images never hold up another's.
 */
export const IMAGE_LIMITS = {
  /** Largest image decoded, in pixels (width × height × frames): more is a decompression bomb. */
  maxPixels: 40_000_000,
  /**
   * Longest side, in pixels: a 1 × 40,000,000 strip has few pixels but costs the decoder a pass
   * per row (over a minute); 16,384 is WebP's own limit and beyond any camera's panorama width.
   */
  maxSidePx: 16_384,
  /** A decode and re-encode still running after this long is stopped and the upload refused. */
  decodeTimeoutSeconds: 2,
  /** Images decoded at once in one server process. */
  decodesAtOnce: 2,
  /** Images of one user decoded at once: the next wait behind other users' turns, not before. */
  decodesPerUser: 1,
  /** Images of one user waiting for their turn (one batch); more at once is refused with 429. */
  queuedPerUser: UPLOAD_LIMITS.maxFiles,
  /** Longest file name taken, in characters (file systems keep 255 at most). */
  maxFilenameLength: 255,
  /**
   * A refused upload's answer waits, this long at most, for the rest of its body to arrive (read
   * and dropped): a client still sending when the answer comes may lose the answer when the
   * connection is reused or closed under it (Node 24's fetch reports a broken pipe instead).
   */
  refusalDrainMs: 10_000,
} as const;

const grouped = (n: number) => n.toLocaleString('en-US');

/** Image uploads: the exact texts of the client's checks and the server's refusals. */
export const FILE_ERROR_TEXTS = {
  tooMany: `You can only upload up to ${UPLOAD_LIMITS.maxFiles} files at a time.`,
  unsupported: 'Currently, only JPEG, JPG, PNG, and WEBP files are supported.',
  tooLarge: 'File size exceeds 20 MB.',
  totalTooLarge: 'The total size of the files cannot exceed 25 MB.',
  duplicate: 'Duplicate file detected.',
  upload: 'An error occurred while uploading the file.',
  validation: 'An error occurred while validating the file.',
  process: 'An error occurred while processing the file.',
  avatarTooLarge: 'The avatar must be under 2 MB.',
  avatarType: 'The avatar must be a .png or .jpg image.',
  /** Beyond IMAGE_LIMITS' sides or pixels (both sides check it: the server from the header). */
  dimensions: `The image is too large: at most ${grouped(IMAGE_LIMITS.maxSidePx)} pixels a side and ${grouped(IMAGE_LIMITS.maxPixels)} pixels in all.`,
  /** The server is still processing as many of this person's images as it queues (429). */
  busy: 'Too many of your images are being processed: wait for them to finish, then try again.',
} as const;
export type FileErrorKind = keyof typeof FILE_ERROR_TEXTS;

/** The i18n key of each text (apps/web/src/locales). */
export const FILE_ERROR_KEYS: Record<FileErrorKind, string> = {
  tooMany: 'com_error_files_limit',
  unsupported: 'com_error_files_type',
  tooLarge: 'com_error_files_size',
  totalTooLarge: 'com_error_files_total_size',
  duplicate: 'com_error_files_dupe',
  upload: 'com_error_files_upload',
  validation: 'com_error_files_validation',
  process: 'com_error_files_process',
  avatarTooLarge: 'com_error_avatar_size',
  avatarType: 'com_error_avatar_type',
  dimensions: 'com_error_files_dimensions',
  busy: 'com_error_files_busy',
};

/** Files: an attachment's progress at each step (failure removes it). */
export const FILE_PROGRESS = {
  /** Picked (dropped, pasted or chosen). */
  picked: 0.2,
  /** Its dimensions are read. */
  measured: 0.6,
  /** The server answered. */
  uploaded: 0.9,
  /** Ready: only now may it be deleted. */
  done: 1,
} as const;

export const FILE_TIMINGS = {
  /** From 0.9 to 1 after the server answers. */
  doneDelayMs: 300,
  /** Several check errors within this long are shown as one bullet list. */
  errorMergeMs: 250,
  /** Deletions are gathered and sent in one call after this long without another. */
  deleteDebounceMs: 1000,
} as const;

/** Largest image decoded, in pixels (width × height × frames): more is a decompression bomb. */
export const MAX_IMAGE_PIXELS = IMAGE_LIMITS.maxPixels;

/** Whether an image of these dimensions may be decoded (IMAGE_LIMITS): checked on both sides. */
export function imageWithinLimits(width: number, height: number, frames = 1): boolean {
  return (
    Math.max(width, height) <= IMAGE_LIMITS.maxSidePx && width * height * frames <= IMAGE_LIMITS.maxPixels
  );
}

/** The server's refusals of an upload that are not among the spec's texts: each says what is wrong. */
export const IMAGE_LIMIT_TEXTS = {
  unreadable: 'The image could not be read: it is damaged or not the type its first bytes say.',
  tooSlow: `The image took longer than ${IMAGE_LIMITS.decodeTimeoutSeconds} seconds to process.`,
  busy: FILE_ERROR_TEXTS.busy,
  badFilename: 'The file name contains control characters.',
  filenameTooLong: `The file name is longer than ${IMAGE_LIMITS.maxFilenameLength} characters.`,
  noFilename: (field: string) => `The part "${field}" is not a file: it has no filename.`,
  malformed: 'The upload is not well-formed multipart/form-data.',
  noFile: (field: string) => `No file was sent (field "${field}").`,
} as const;

/** Side of the square an avatar is resized to. */
export const AVATAR_SIZE_PX = 250;

/**
 * The most librechat.yaml's `fileConfig` may set: what this product can safely hold. A value
 * above is lowered to it at start-up (named in the start-up warning).
 * - fileLimit: each file of a batch waits its turn at the decoder, and the server queues this
 *   many of one person's images (IMAGE_LIMITS.queuedPerUser);
 * - fileSizeLimit and serverFileSizeLimit: an upload is streamed to disk and refused past this
 *   size, and its header checked before decoding (UPLOAD_LIMITS.maxFileBytes);
 * - totalSizeLimit: the batch the browser checks before uploading, at most fileLimit files of
 *   the largest size;
 * - avatarSizeLimit: an avatar is decoded and squared like any image: the image ceiling.
 */
export const FILE_CONFIG_CEILINGS = {
  fileLimit: UPLOAD_LIMITS.maxFiles,
  fileSizeBytes: UPLOAD_LIMITS.maxFileBytes,
  totalSizeBytes: UPLOAD_LIMITS.maxFiles * UPLOAD_LIMITS.maxFileBytes,
  serverFileSizeBytes: UPLOAD_LIMITS.maxFileBytes,
  avatarSizeBytes: UPLOAD_LIMITS.avatarMaxBytes,
} as const;

/** librechat.yaml's sizes are in megabytes (LibreChat's 1024 × 1024 bytes). */
export const mbToBytes = (mb: number) => Math.round(mb * 1024 * 1024);

/** A size as a person reads it: MB to two decimals, KB below a tenth of a MB. */
const megabytes = (bytes: number) =>
  bytes >= (1024 * 1024) / 10
    ? `${Number((bytes / (1024 * 1024)).toFixed(2))} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The server's refusal of a file over an endpoint's size: the spec's text at the built-in limit,
 * the configured size otherwise.
 */
export const fileTooLargeText = (bytes: number) =>
  bytes === UPLOAD_LIMITS.maxFileBytes ? FILE_ERROR_TEXTS.tooLarge : `File size exceeds ${megabytes(bytes)}.`;

/** The server's refusal of an avatar over avatarSizeLimit: the spec's text at the built-in limit. */
export const avatarTooLargeText = (bytes: number) =>
  bytes === UPLOAD_LIMITS.avatarMaxBytes
    ? FILE_ERROR_TEXTS.avatarTooLarge
    : `The avatar must be under ${megabytes(bytes)}.`;

/** The server's refusal of an upload for an endpoint whose file config disables uploads. */
export const FILE_UPLOADS_DISABLED_TEXT = 'File uploads are disabled for this endpoint.';

/** Endpoints that take no attachments (attaching only on some endpoints). */
export const NO_FILE_ENDPOINTS = ['bingAI', 'chatGPTBrowser', 'gptPlugins'] as const;

/** One endpoint's upload limits (LibreChat's shape): sizes in bytes, types as patterns. */
export interface EndpointFileConfig {
  disabled: boolean;
  fileLimit: number;
  fileSizeLimit: number;
  totalSizeLimit: number;
  supportedMimeTypes: string[];
}

/** GET /api/files/config: what the client checks before uploading. */
export interface FileConfig {
  /** `default` applies to every endpoint not named. */
  endpoints: Record<string, EndpointFileConfig>;
  serverFileSizeLimit: number;
  avatarSizeLimit: number;
}

export const DEFAULT_FILE_CONFIG: FileConfig = {
  endpoints: {
    default: {
      disabled: false,
      fileLimit: UPLOAD_LIMITS.maxFiles,
      fileSizeLimit: UPLOAD_LIMITS.maxFileBytes,
      totalSizeLimit: UPLOAD_LIMITS.maxTotalBytes,
      supportedMimeTypes: [...UPLOAD_LIMITS.imageTypes],
    },
  },
  serverFileSizeLimit: UPLOAD_LIMITS.maxFileBytes,
  avatarSizeLimit: UPLOAD_LIMITS.avatarMaxBytes,
};

/** The file config of one endpoint. */
export function endpointFileConfig(
  config: FileConfig,
  endpoint: string | null | undefined,
): EndpointFileConfig {
  return (endpoint ? config.endpoints[endpoint] : undefined) ?? config.endpoints.default!;
}

/**
 * Models that read images (LibreChat's vision model list, widened to today's families): an
 * image sent to another model is left out of its prompt.
 */
const VISION_MODEL =
  /(vision|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-4-turbo|gpt-5|chatgpt-4o|^o[134](?!-mini$)|claude-3|claude-(?:sonnet|opus|haiku)-4|gemini-(?!pro$|1\.0-pro$)|llava|pixtral|qwen.*-vl|llama-3\.2.*vision|grok.*vision)/i;
export function isVisionModel(model: string): boolean {
  return VISION_MODEL.test(model);
}

/** The filepath of a stored file: read through the owner's session only. */
export const filePathOf = (fileId: string) => `/api/files/download/${fileId}`;
