import { filePathOf, type FileObject, type MessageFile } from '@chat/contract';
import type { FileRow } from '../../db/schema.js';

/** A file row as the API answers it (no owner, no storage key). */
export function presentFile(row: FileRow): FileObject {
  return {
    file_id: row.fileId,
    filepath: filePathOf(row.fileId),
    type: row.type,
    width: row.width,
    height: row.height,
    filename: row.filename,
    source: row.source,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A file as a message carries it. */
export function messageFileOf(row: FileRow): MessageFile {
  return {
    file_id: row.fileId,
    filepath: filePathOf(row.fileId),
    type: row.type,
    width: row.width,
    height: row.height,
  };
}
