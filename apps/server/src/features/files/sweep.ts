import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** An upload still in the temporary folder after this long was left by a crash. */
export const STALE_UPLOAD_MS = 60 * 60_000;

/**
 * Removes the temporary uploads a crashed process left behind (another instance sharing
 * DATA_DIR may be writing the fresh ones). Answers how many were removed.
 */
export async function sweepTmp(dir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.upload'))) {
    const path = join(dir, name);
    try {
      if (now - (await stat(path)).mtimeMs > STALE_UPLOAD_MS) {
        await rm(path, { force: true });
        removed += 1;
      }
    } catch {
      // gone already
    }
  }
  return removed;
}
