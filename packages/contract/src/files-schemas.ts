import { z } from 'zod';
import { FILE_SOURCES, type EndpointFileConfig, type FileConfig } from './files.js';
import { route } from './route-def.js';

/** The shapes and routes of images and files (files.ts: their limits, texts and timings). */

export const fileSourceSchema = z.enum(FILE_SOURCES);
export type FileSource = z.infer<typeof fileSourceSchema>;

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

/** A file as a message carries it. */
export const messageFileSchema = z.object({
  file_id: z.string().uuid(),
  filepath: z.string().max(512).optional(),
  type: z.string().max(100).optional(),
  width: z.number().int().min(0).optional(),
  height: z.number().int().min(0).optional(),
  /** A document's name, shown on the message (images show themselves). */
  filename: z.string().max(255).optional(),
});
export type MessageFile = z.infer<typeof messageFileSchema>;

/** The multipart text fields of POST /api/files/images (the file part is `file`). */
export const uploadImageFieldsSchema = z.object({
  file_id: z.string().uuid(),
  /** The endpoint of the conversation the image is for (LibreChat's field): its file config applies. */
  endpoint: z.string().min(1).max(100).optional(),
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
}) satisfies z.ZodType<EndpointFileConfig>;
export const fileConfigSchema = z.object({
  /** `default` applies to every endpoint not named. */
  endpoints: z.record(z.string(), endpointFileConfigSchema),
  serverFileSizeLimit: z.number().int(),
  avatarSizeLimit: z.number().int(),
}) satisfies z.ZodType<FileConfig>;

/** POST /api/files/images/avatar answers the new avatar's address. */
export const avatarResponseSchema = z.object({ url: z.string() });

const fileParams = z.object({ file_id: z.string().uuid() });

/** Files. */
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
    summary:
      "Upload an image (multipart: endpoint, file, file_id, width, height); the endpoint's file config applies; checked by content, re-encoded",
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
