import { setFlagsFromString } from 'node:v8';
import { loadMallocTrim } from './malloc-trim.js';

/**
 * How much V8 lets the old generation grow past what the last full collection kept before it
 * collects again, in percent (factor 1 + p/100), while many replies stream. V8 picks the factor
 * itself from the collector's and the program's speeds, up to 4x on a machine with this much
 * memory; under many open streams the per-token objects that waited on a busy loop are promoted
 * and die there, so the old generation filled with 2–4x its live set between collections. 20 %
 * keeps it near the live set: half the memory per open stream in the concurrency bench, for
 * ~9 % more CPU per token (docs/decisions.md, "Heap growth"). V8 adds the young generation's
 * capacity to that limit, which is why the server starts with `--max-semi-space-size=4`
 * (package.json's "serve"; docs/decisions.md, "The young generation").
 */
export const HEAP_GROWING_PERCENT = 20;

/**
 * Open streams from which the heap is kept tight; below half as many, V8 chooses again. With a
 * few replies the heap is small either way, and the tight setting's steady marking costs a
 * single reply's first token about half a millisecond.
 */
export const TIGHT_HEAP_STREAMS = 100;

/**
 * While the heap is kept tight, malloc's free pages are given back this often (malloc-trim.ts):
 * ~1 ms a call, 5–50 MB each time at 1,000 streams.
 */
export const TRIM_EVERY_MS = 5_000;

const FLAG = '--heap-growing-percent';

/** Whether the process was started with its own heap growth (the operator's, which wins). */
export function heapGrowthGiven(execArgv: readonly string[]): boolean {
  return execArgv.some(
    (a) => a === FLAG || a.startsWith(`${FLAG}=`) || a.startsWith('--heap_growing_percent'),
  );
}

/**
 * Counts the replies streaming in this process and sets V8's heap growth from it (V8 reads the
 * flag at every full collection): HEAP_GROWING_PERCENT from TIGHT_HEAP_STREAMS open, back to V8's
 * own choice below half that. With `trim` (glibc's malloc_trim), malloc's free pages go back to
 * the system every TRIM_EVERY_MS while the heap is tight, and once when the load is gone.
 */
export function createHeapGrowth(
  opts: {
    execArgv?: readonly string[];
    setFlags?: (flags: string) => void;
    trim?: (() => boolean) | null;
  } = {},
) {
  const given = heapGrowthGiven(opts.execArgv ?? process.execArgv);
  const setFlags = opts.setFlags ?? setFlagsFromString;
  const trim = opts.trim ?? null;
  let open = 0;
  let tight = false;
  let trimming: NodeJS.Timeout | undefined;
  const apply = (): void => {
    if (!tight && open >= TIGHT_HEAP_STREAMS) {
      tight = true;
      if (!given) setFlags(`${FLAG}=${HEAP_GROWING_PERCENT}`);
      if (trim) {
        trimming = setInterval(trim, TRIM_EVERY_MS);
        trimming.unref();
      }
    } else if (tight && open < TIGHT_HEAP_STREAMS / 2) {
      tight = false;
      if (!given) setFlags(`${FLAG}=0`);
      clearInterval(trimming);
      trimming = undefined;
      trim?.();
    }
  };
  return {
    opened(): void {
      open++;
      apply();
    },
    closed(): void {
      open = Math.max(0, open - 1);
      apply();
    },
    get tight(): boolean {
      return tight;
    },
    /** Gives malloc's free pages back now (the server calls it once it is up and idle). */
    release(): void {
      trim?.();
    },
  };
}

/** The process's: every app in it counts its streaming replies here. */
export const heapGrowth = createHeapGrowth({ trim: loadMallocTrim() });
