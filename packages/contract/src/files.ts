import { z } from 'zod';
import { UPLOAD_LIMITS } from './limits.js';
import { route } from './route-def.js';

/**
 * Images and files (core-chat §3 File, §4 Files, §5 Image upload, §7 Files, §8 upload errors):
 * the limits, texts, timings and shapes shared by the server and the client.
 */

/** Where a file's bytes live (LibreChat's `fileStrategy` values, spec §3 File). */
export const FILE_SOURCES = ['local', 's3', 'firebase', 'openai'] as const;
export const fileSourceSchema = z.enum(FILE_SOURCES);
export type FileSource = z.infer<typeof fileSourceSchema>;

/** Spec §5 Image upload and §8: the exact texts of the client's checks and the server's refusals. */
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
};

/** Spec §4 Files: an attachment's progress at each step (failure removes it). */
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
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Side of the square an avatar is resized to. */
export const AVATAR_SIZE_PX = 250;

/** A stored file as the API answers it (LibreChat's field names). */
export const fileSchema = z.object({
  file_id: z.string(),
  /** The id the client chose for the upload (its preview), answered by POST /api/files/images. */
  temp_file_id: z.string().optional(),
  /** Where the owner's session reads the bytes (an authenticated route: fetch with the token). */
  filepath: z.string(),
  type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  filename: z.string(),
  source: fileSourceSchema,
  bytes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileObject = z.infer<typeof fileSchema>;

/** A file as a message carries it (spec §3 Message files). */
export const messageFileSchema = z.object({
  file_id: z.string().uuid(),
  filepath: z.string().max(512).optional(),
  type: z.string().max(100).optional(),
  width: z.number().int().min(0).optional(),
  height: z.number().int().min(0).optional(),
});
export type MessageFile = z.infer<typeof messageFileSchema>;

/** The multipart text fields of POST /api/files/images (the file part is `file`). */
export const uploadImageFieldsSchema = z.object({
  file_id: z.string().uuid(),
  width: z.coerce.number().int().min(0).max(100_000).optional(),
  height: z.coerce.number().int().min(0).max(100_000).optional(),
});

/** The multipart text field of POST /api/files/images/avatar (the file part is `input`). */
export const avatarFieldsSchema = z.object({ manual: z.enum(['true', 'false']).optional() });

/** DELETE /api/files: the files to delete (each as the client holds it). */
export const deleteFilesRequestSchema = z.object({
  files: z
    .array(
      z.object({
        file_id: z.string().uuid(),
        filepath: z.string().max(512).optional(),
        source: fileSourceSchema.optional(),
      }),
    )
    .min(1)
    .max(100),
});
export type DeleteFilesRequest = z.infer<typeof deleteFilesRequestSchema>;
export const deleteFilesResponseSchema = z.object({
  message: z.string(),
  /** The ids deleted (the caller's own; others' and unknown ids are skipped). */
  deleted: z.array(z.string()),
});

/** GET /api/files/config: what the client checks before uploading (LibreChat's shape). */
export const endpointFileConfigSchema = z.object({
  disabled: z.boolean(),
  fileLimit: z.number().int(),
  fileSizeLimit: z.number().int(),
  totalSizeLimit: z.number().int(),
  supportedMimeTypes: z.array(z.string()),
});
export type EndpointFileConfig = z.infer<typeof endpointFileConfigSchema>;
export const fileConfigSchema = z.object({
  /** `default` applies to every endpoint not named. */
  endpoints: z.record(z.string(), endpointFileConfigSchema),
  serverFileSizeLimit: z.number().int(),
  avatarSizeLimit: z.number().int(),
});
export type FileConfig = z.infer<typeof fileConfigSchema>;

/** Endpoints that take no attachments (spec §4 Files: attaching only on some endpoints). */
export const NO_FILE_ENDPOINTS = ['bingAI', 'chatGPTBrowser', 'gptPlugins'] as const;

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

/** POST /api/files/images/avatar answers the new avatar's address. */
export const avatarResponseSchema = z.object({ url: z.string() });

/**
 * Models that read images (LibreChat's vision model list, widened to today's families): an
 * image sent to another model is left out of its prompt.
 */
const VISION_MODEL =
  /(vision|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-4-turbo|gpt-5|chatgpt-4o|^o[134](?!-mini$)|claude-3|claude-(?:sonnet|opus|haiku)-4|gemini-(?!pro$|1\.0-pro$)|llava|pixtral|qwen.*-vl|llama-3\.2.*vision|grok.*vision)/i;
export function isVisionModel(model: string): boolean {
  return VISION_MODEL.test(model);
}

const fileParams = z.object({ file_id: z.string().uuid() });

/** Spec §7 Files. */
export const FILE_ROUTES = {
  files: route({
    method: 'GET',
    path: '/api/files',
    summary: "The caller's files, newest first",
    response: z.array(fileSchema),
  }),
  fileConfig: route({
    method: 'GET',
    path: '/api/files/config',
    summary: 'The upload limits: files at a time, sizes, types, endpoints without attachments',
    response: fileConfigSchema,
  }),
  uploadImage: route({
    method: 'POST',
    path: '/api/files/images',
    summary: 'Upload an image (multipart: file, file_id, width, height); checked by content, re-encoded',
    multipart: { file: 'file', fields: uploadImageFieldsSchema },
    response: fileSchema,
  }),
  uploadAvatar: route({
    method: 'POST',
    path: '/api/files/images/avatar',
    summary: "Set the caller's avatar (multipart: input, manual); .png or .jpg under 2 MB",
    multipart: { file: 'input', fields: avatarFieldsSchema },
    response: avatarResponseSchema,
  }),
  deleteFiles: route({
    method: 'DELETE',
    path: '/api/files',
    summary: "Delete some of the caller's files (their bytes too)",
    body: deleteFilesRequestSchema,
    response: deleteFilesResponseSchema,
  }),
  downloadFile: route({
    method: 'GET',
    path: '/api/files/download/:file_id',
    summary: "The bytes of one of the caller's files (its filepath)",
    params: fileParams,
    response: z.unknown(),
    binary: true,
  }),
  avatarImage: route({
    method: 'GET',
    path: '/api/files/avatars/:name',
    summary: 'An avatar image (its name is random and unguessable; avatars are shown to others)',
    public: true,
    params: z.object({ name: z.string().regex(/^[0-9a-f]{32}\.(png|jpg)$/) }),
    response: z.unknown(),
    binary: true,
  }),
} as const;

/** The filepath of a stored file: read through the owner's session only. */
export const filePathOf = (fileId: string) => `/api/files/download/${fileId}`;
