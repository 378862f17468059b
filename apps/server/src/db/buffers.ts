import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MIB = 1024 * 1024;

/**
 * PGlite's shared buffers, which scale with the store they cache. Postgres runs inside this
 * process's memory, and PGlite touches every page of its shared memory as it starts, so each MB
 * of buffers is a MB of resident memory from the first second, used or not (docs/decisions.md,
 * "Shared buffers follow the store"). A store's tables and indexes are its `base/` folder; the
 * buffers are an eighth of it, at least `minMb` (a new store: its catalogs and a small working
 * set fit) and at most `maxMb`. The size is set at each start (PGlite writes postgresql.conf
 * then), so a store that grew gets more at its next start.
 */
export const SHARED_BUFFERS = { minMb: 8, maxMb: 64, storeFraction: 1 / 8 } as const;

/** The shared buffers, in whole MB, for a store whose tables and indexes take `storeBytes`. */
export function sharedBuffersMb(storeBytes: number): number {
  const wanted = Math.ceil((storeBytes * SHARED_BUFFERS.storeFraction) / MIB);
  return Math.min(SHARED_BUFFERS.maxMb, Math.max(SHARED_BUFFERS.minMb, wanted));
}

/** Bytes of the files under `<pgdata>/base` (0 for a store not made yet). */
export function storeBytes(pgdata: string): number {
  let total = 0;
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) total += statSync(path, { throwIfNoEntry: false })?.size ?? 0;
    }
  };
  walk(join(pgdata, 'base'));
  return total;
}
