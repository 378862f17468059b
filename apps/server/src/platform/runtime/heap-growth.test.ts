import { describe, expect, it } from 'vitest';
import {
  createHeapGrowth,
  HEAP_GROWING_PERCENT,
  heapGrowthGiven,
  TIGHT_HEAP_STREAMS,
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
});
