import { z } from 'zod';
import { AGENT_ID_PATTERN } from './agents.js';
import { FILE_SEARCH_LIMITS, FILE_SEARCH_STATES, FILE_SEARCH_TOOL } from './file-search.js';
import { fileSchema } from './files-schemas.js';
import { route } from './route-def.js';

/** The shapes and routes of file search (file-search.ts: its limits and names). */

/** The multipart text fields of POST /api/files (LibreChat's; the file part is `file`). */
export const uploadFileFieldsSchema = z.object({
  file_id: z.string().uuid(),
  endpoint: z.string().min(1).max(100).optional(),
  /** What the file is for: only file search is read here (LibreChat's other resources are not). */
  tool_resource: z.literal(FILE_SEARCH_TOOL),
  /** LibreChat's flag for a file attached to the message being written (always, here). */
  message_file: z.enum(['true', 'false']).optional(),
  /** The caller's agent whose file_search the document joins (LibreChat's agent upload). */
  agent_id: z.string().max(80).regex(AGENT_ID_PATTERN, 'must be an agent id').optional(),
});

/** A file's ingestion: processing, then ready (with its chunk count) or failed (with why). */
export const fileSearchStatusSchema = z.object({
  file_id: z.string(),
  state: z.enum(FILE_SEARCH_STATES),
  chunks: z.number().int(),
  /** Why it failed (English; the web shows its own text and this as the detail). */
  error: z.string().optional(),
});
export type FileSearchStatus = z.infer<typeof fileSearchStatusSchema>;

/** POST /api/files answers the stored file, LibreChat's `embedded` (false: in the background) and its state. */
export const uploadFileResponseSchema = fileSchema.extend({
  embedded: z.boolean(),
  status: fileSearchStatusSchema,
});

/** One passage a search found (LibreChat's file_search source). */
export const fileSearchSourceSchema = z.object({
  type: z.literal('file'),
  fileId: z.string(),
  fileName: z.string(),
  content: z.string(),
  relevance: z.number(),
  pages: z.array(z.number().int()),
});
export type FileSearchSource = z.infer<typeof fileSearchSourceSchema>;

/** What a file_search call leaves on the reply (LibreChat's artifact `{ file_search: { sources } }`). */
export const fileSearchArtifactSchema = z.object({ sources: z.array(fileSearchSourceSchema) });
export type FileSearchArtifact = z.infer<typeof fileSearchArtifactSchema>;

const statusQuery = z.object({
  file_ids: z
    .string()
    .max(40 * FILE_SEARCH_LIMITS.maxFilesPerConversation)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.string().uuid()).min(1).max(FILE_SEARCH_LIMITS.maxFilesPerConversation)),
});

export const FILE_SEARCH_ROUTES = {
  uploadFile: route({
    method: 'POST',
    path: '/api/files',
    summary:
      'Upload a document for file search (multipart: file, file_id, endpoint, tool_resource=file_search, agent_id to add it to an agent of the caller); read and indexed in the background',
    multipart: { file: 'file', fields: uploadFileFieldsSchema },
    response: uploadFileResponseSchema,
  }),
  fileSearchStatus: route({
    method: 'GET',
    path: '/api/files/search-status',
    summary:
      "Where the caller's documents stand in file search's ingestion (file_ids: comma-separated; 404 when none is the caller's)",
    query: statusQuery,
    response: z.array(fileSearchStatusSchema),
  }),
};
