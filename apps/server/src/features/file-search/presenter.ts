import type { FileObject, FileSearchStatus } from '@chat/contract';
import type { FileRow } from '../../db/schema.js';
import { presentFile } from '../files/index.js';
import type { FileSearchFileRow } from './schema.js';

/** A document's ingestion as the API answers it. */
export function presentStatus(row: FileSearchFileRow): FileSearchStatus {
  return {
    file_id: row.fileId,
    state: row.state,
    chunks: row.chunks,
    ...(row.error ? { error: row.error } : {}),
  };
}

export type UploadAnswer = FileObject & { embedded: boolean; status: FileSearchStatus };

/** POST /api/files's answer: the file, LibreChat's `embedded` (not yet: it is read in the background), its state. */
export function presentUpload(row: FileRow, state: FileSearchFileRow, tempId: string): UploadAnswer {
  return {
    ...presentFile(row),
    temp_file_id: tempId,
    embedded: state.embedded,
    status: presentStatus(state),
  };
}
