import { join } from 'node:path';
import type { FileSource } from '@chat/contract';
import type { AppConfig } from '../../../config/app-config.js';
import type { FilesConfig } from '../../../config/files-config.js';
import { firebaseStorage } from './firebase.js';
import { localStorage } from './local.js';
import { openaiStorage } from './openai.js';
import { s3Storage } from './s3.js';
import type { FileStorage } from './types.js';

export type { FileStorage } from './types.js';

const OPENAI_API = 'https://api.openai.com/v1';

/**
 * The storage of each source the server can read: the configured strategy writes new files; a
 * file keeps the source it was written to, so files of an earlier strategy stay readable while
 * that store is still configured.
 */
export function createStorages(
  files: FilesConfig,
  config: Pick<AppConfig, 'endpoints'>,
): Map<FileSource, FileStorage> {
  const out = new Map<FileSource, FileStorage>();
  out.set('local', localStorage(join(files.dataDir, 'uploads')));
  if (files.s3) out.set('s3', s3Storage(files.s3));
  if (files.firebase) out.set('firebase', firebaseStorage(files.firebase));
  const openAI = config.endpoints.find((e) => e.name === 'openAI' && e.apiKey && !e.userProvide);
  if (openAI)
    out.set('openai', openaiStorage({ apiKey: openAI.apiKey, baseURL: openAI.baseURL ?? OPENAI_API }));
  return out;
}
