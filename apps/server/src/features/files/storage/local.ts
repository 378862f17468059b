import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../../platform/errors.js';
import { safeJoin } from '../../../platform/files/safe-path.js';
import type { FileStorage } from './types.js';

/**
 * Files on this machine's disk, under `root` (DATA_DIR/uploads). Written to a temporary name
 * first and renamed, so a failed upload never leaves half a file under its key.
 */
export function localStorage(root: string): FileStorage {
  return {
    source: 'local',
    async put(key, body) {
      const path = safeJoin(root, key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return { key, bytes: (await stat(path)).size };
    },
    async get(key): Promise<Readable> {
      const path = safeJoin(root, key);
      try {
        if (!(await stat(path)).isFile()) throw new Error('not a file');
      } catch {
        throw new AppError('not_found', 'File not found');
      }
      return createReadStream(path);
    },
    async delete(key) {
      await rm(safeJoin(root, key), { force: true });
    },
  };
}
