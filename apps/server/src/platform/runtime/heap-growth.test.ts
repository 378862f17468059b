import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createHeapGrowth,
  HEAP_GROWING_PERCENT,
  heapGrowthGiven,
  TIGHT_HEAP_STREAMS,
  TRIM_EVERY_MS,
} from './heap-growth.js';

function recording(execArgv: string[] = []) {
  const set: string[] = [];
  const growth = createHeapGrowth({ execArgv, setFlags: (f) => void set.push(f) });
  return { growth, set };
}

describe('heap growth', () => {
  it('is tight from TIGHT_HEAP_STREAMS open replies, and V8 chooses again below half of them', () => {
    const { growth, set } = recording();
    for (let i = 0; i < TIGHT_HEAP_STREAMS - 1; i++) growth.opened();
    expect(set).toEqual([]);
    growth.opened();
    expect(growth.tight).toBe(true);
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
    // Between half and the threshold nothing changes either way (no flapping).
    for (let i = 0; i < TIGHT_HEAP_STREAMS / 2; i++) growth.closed();
    growth.opened();
    growth.closed();
    expect(set).toHaveLength(1);
    growth.closed();
    expect(growth.tight).toBe(false);
    expect(set).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, '--heap-growing-percent=0']);
  });

  it("leaves the operator's own setting alone", () => {
    expect(heapGrowthGiven(['--enable-source-maps'])).toBe(false);
    for (const given of [
      ['--heap-growing-percent=50'],
      ['--heap_growing_percent=5'],
      ['--heap-growing-percent', '50'],
    ]) {
      expect(heapGrowthGiven(given)).toBe(true);
      const { growth, set } = recording(given);
      for (let i = 0; i < TIGHT_HEAP_STREAMS * 2; i++) growth.opened();
      expect(set).toEqual([]);
    }
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives malloc's free pages back every TRIM_EVERY_MS while tight, once when the load is gone, and on release", () => {
    vi.useFakeTimers();
    let trims = 0;
    const growth = createHeapGrowth({ setFlags: () => {}, trim: () => (trims++, true) });
    for (let i = 0; i < TIGHT_HEAP_STREAMS - 1; i++) growth.opened();
    vi.advanceTimersByTime(TRIM_EVERY_MS * 3);
    expect(trims).toBe(0);
    growth.opened();
    vi.advanceTimersByTime(TRIM_EVERY_MS * 3);
    expect(trims).toBe(3);
    for (let i = 0; i < TIGHT_HEAP_STREAMS; i++) growth.closed();
    expect(trims).toBe(4);
    vi.advanceTimersByTime(TRIM_EVERY_MS * 3);
    expect(trims).toBe(4);
    growth.release();
    expect(trims).toBe(5);
  });

  it('trims under load with an operator-given heap growth too, without touching the flag', () => {
    vi.useFakeTimers();
    let trims = 0;
    const set: string[] = [];
    const growth = createHeapGrowth({
      execArgv: ['--heap-growing-percent=50'],
      setFlags: (f) => void set.push(f),
      trim: () => (trims++, true),
    });
    for (let i = 0; i < TIGHT_HEAP_STREAMS; i++) growth.opened();
    vi.advanceTimersByTime(TRIM_EVERY_MS);
    expect(trims).toBe(1);
    expect(set).toEqual([]);
  });
});
