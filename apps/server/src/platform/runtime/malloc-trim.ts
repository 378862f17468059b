import { createRequire } from 'node:module';

/** The addon's file, beside the server bundle (apps/server/native.mjs builds it). */
const ADDON = './malloc-trim.node';

/**
 * glibc's malloc_trim(0) (malloc-trim.c), which gives the free pages inside malloc's heaps back to
 * the system: true when some were. Null where the addon was not built (no compiler or headers at
 * build time, not Linux, or running from the sources). glibc alone returns only the free top of
 * each heap, and keeps what the PGlite module's compilation left (~35 MB idle) and what a load's
 * socket buffers left between the live ones.
 */
export function loadMallocTrim(from: string = import.meta.url): (() => boolean) | null {
  if (process.platform !== 'linux') return null;
  try {
    const addon = createRequire(from)(ADDON) as { trim?: unknown };
    const trim = addon.trim;
    return typeof trim === 'function' ? () => trim() === true : null;
  } catch {
    return null;
  }
}
