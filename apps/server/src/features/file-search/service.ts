import {
  FILE_SEARCH_LIMITS,
  FILE_SEARCH_TYPES,
  fileSearchExtension,
  uploadFileFieldsSchema,
  type FileSearchStatus,
} from '@chat/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, parseInput } from '../../platform/errors.js';
import type { AgentFiles } from '../agents/index.js';
import type { FilesService } from '../files/index.js';
import type { IngestQueue } from './ingest.js';
import { presentStatus, presentUpload, type UploadAnswer } from './presenter.js';
import type { FileSearchRepo } from './repo.js';

export interface FileSearchServiceDeps {
  repo: FileSearchRepo;
  files: Pick<FilesService, 'uploadDocument'>;
  queue: IngestQueue;
  /** The agents a document may be added to (the caller's own). */
  agentFiles: AgentFiles;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PDF = [0x25, 0x50, 0x44, 0x46]; // %PDF
const startsWith = (head: Uint8Array, magic: number[]) => magic.every((b, i) => head[i] === b);

/**
 * A document's name must be of a kind file search reads, and its first bytes must agree: a PDF
 * starts with %PDF, a .docx is a zip, and text has no NUL byte.
 */
function checkDocument(head: Uint8Array, filename: string): void {
  const ext = fileSearchExtension(filename);
  if (!ext) throw new AppError('validation_error', 'This type of file cannot be searched');
  const ok =
    ext === 'pdf' ? startsWith(head, PDF) : ext === 'docx' ? startsWith(head, ZIP) : !head.includes(0);
  if (!ok) throw new AppError('validation_error', 'The file’s content does not match its type');
}

/** Uploads for file search and where their ingestion stands. */
export function createFileSearchService(deps: FileSearchServiceDeps) {
  return {
    /** POST /api/files with tool_resource=file_search: stored, then read in the background. */
    async upload(userId: string, request: FastifyRequest): Promise<UploadAnswer> {
      if (!deps.queue.hasRoom()) {
        throw new AppError(
          'too_many_requests',
          'Too many documents are waiting to be read: try again shortly',
        );
      }
      let tempId = '';
      let agentId: string | undefined;
      const { row } = await deps.files.uploadDocument(userId, request, {
        maxBytes: FILE_SEARCH_LIMITS.maxFileBytes,
        fields: ['file_id', 'endpoint', 'tool_resource', 'message_file', 'agent_id'],
        checkHead: checkDocument,
        // An agent named must be the caller's own before anything is stored.
        checkFields: async (fields) => {
          const parsed = parseInput(uploadFileFieldsSchema, fields);
          tempId = parsed.file_id;
          agentId = parsed.agent_id;
          if (agentId) await deps.agentFiles.checkOwned(userId, agentId);
        },
        typeOf: (name) => FILE_SEARCH_TYPES[fileSearchExtension(name) ?? 'txt'],
      });
      const state = await deps.repo.insertFile(row.fileId, userId);
      if (agentId) await deps.agentFiles.addSearchFile(userId, agentId, row.fileId);
      deps.queue.add({ fileId: row.fileId, userId });
      return presentUpload(row, state, tempId);
    },

    /**
     * The states of the caller's documents among `fileIds` (others' are left out, as unknown);
     * 404 when none of them is the caller's.
     */
    async status(userId: string, fileIds: readonly string[]): Promise<FileSearchStatus[]> {
      const rows = await deps.repo.statusOf(userId, [...new Set(fileIds)]);
      if (rows.length === 0) throw new AppError('not_found', 'File not found');
      return rows.map(presentStatus);
    },
  };
}
export type FileSearchService = ReturnType<typeof createFileSearchService>;
