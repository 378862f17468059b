import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from './heap-growth.js';

describe('heap growth', () => {
  it("sets the server's growth unless the process was started with its own", () => {
    expect(heapGrowthFlag([])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(['--enable-source-maps'])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(['--heap-growing-percent=50'])).toBeNull();
    expect(heapGrowthFlag(['--heap_growing_percent=5'])).toBeNull();
    expect(heapGrowthFlag(['--heap-growing-percent', '50'])).toBeNull();
  });
});
