import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the old generation grow past what the last full collection kept before it
 * collects again, in percent (factor 1 + p/100). V8 picks the factor itself from the collector's
 * and the program's speeds, up to 4x on a machine with this much memory; under many open streams
 * the per-token objects that waited on a busy loop are promoted and die there, so the old
 * generation filled with 2–4x its live size between collections. 20 % keeps it near the live
 * set: per open stream, half the memory in the concurrency bench for a few percent more CPU
 * (docs/decisions.md, "Heap growth").
 */
export const HEAP_GROWING_PERCENT = 20;

const FLAG = '--heap-growing-percent';

/** The V8 flag to set, or null when the process was started with its own (the operator's). */
export function heapGrowthFlag(execArgv: readonly string[]): string | null {
  const given = execArgv.some(
    (a) => a === FLAG || a.startsWith(`${FLAG}=`) || a.startsWith('--heap_growing_percent'),
  );
  return given ? null : `${FLAG}=${HEAP_GROWING_PERCENT}`;
}

/** Sets the heap's growth for this process (read by V8 at every full collection). */
export function tuneHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  const flag = heapGrowthFlag(execArgv);
  if (flag) setFlagsFromString(flag);
}
