import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_UPLOAD_MS, sweepTmp } from './sweep.js';

describe('sweepTmp', () => {
  it('removes only stale temporary uploads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sweep-'));
    try {
      const old = new Date(Date.now() - STALE_UPLOAD_MS - 60_000);
      await writeFile(join(dir, 'old.upload'), 'x');
      await utimes(join(dir, 'old.upload'), old, old);
      await writeFile(join(dir, 'fresh.upload'), 'x');
      await writeFile(join(dir, 'other.txt'), 'x');
      await utimes(join(dir, 'other.txt'), old, old);
      expect(await sweepTmp(dir)).toBe(1);
      expect((await readdir(dir)).sort()).toEqual(['fresh.upload', 'other.txt']);
      expect(await sweepTmp(join(dir, 'missing'))).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
