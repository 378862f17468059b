import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the old generation grow past what the last full collection kept before it
 * collects again, in percent (factor 1 + p/100), while many replies stream. V8 picks the factor
 * itself from the collector's and the program's speeds, up to 4x on a machine with this much
 * memory; under many open streams the per-token objects that waited on a busy loop are promoted
 * and die there, so the old generation filled with 2–4x its live set between collections. 20 %
 * keeps it near the live set: half the memory per open stream in the concurrency bench, for
 * ~9 % more CPU per token (docs/decisions.md, "Heap growth").
 */
export const HEAP_GROWING_PERCENT = 20;

/**
 * Open streams from which the heap is kept tight; below half as many, V8 chooses again. With a
 * few replies the heap is small either way, and the tight setting's steady marking costs a
 * single reply's first token about half a millisecond.
 */
export const TIGHT_HEAP_STREAMS = 100;

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
 * own choice below half that.
 */
export function createHeapGrowth(
  opts: { execArgv?: readonly string[]; setFlags?: (flags: string) => void } = {},
) {
  const given = heapGrowthGiven(opts.execArgv ?? process.execArgv);
  const setFlags = opts.setFlags ?? setFlagsFromString;
  let open = 0;
  let tight = false;
  const apply = (): void => {
    if (given) return;
    if (!tight && open >= TIGHT_HEAP_STREAMS) {
      tight = true;
      setFlags(`${FLAG}=${HEAP_GROWING_PERCENT}`);
    } else if (tight && open < TIGHT_HEAP_STREAMS / 2) {
      tight = false;
      setFlags(`${FLAG}=0`);
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
  };
}
export type HeapGrowth = ReturnType<typeof createHeapGrowth>;

/** The process's: every app in it counts its streaming replies here. */
export const heapGrowth = createHeapGrowth();
