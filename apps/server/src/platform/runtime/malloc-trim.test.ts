import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMallocTrim } from './malloc-trim.js';

const native = resolve(fileURLToPath(import.meta.url), '../../../../native.mjs');
const dir = mkdtempSync(join(tmpdir(), 'malloc-trim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('malloc-trim addon', () => {
  it('is absent when running from the sources (nothing built beside them)', () => {
    expect(loadMallocTrim()).toBeNull();
  });

  it("builds beside a bundle with the machine's compiler and Node's headers, loads, and gives free pages back", async () => {
    const { buildNative } = (await import(pathToFileURL(native).href)) as {
      buildNative(outDir: string): string | null;
    };
    // This machine (and CI's) has cc and Node's headers: the build must succeed here.
    expect(buildNative(dir)).toBeNull();
    const trim = loadMallocTrim(pathToFileURL(join(dir, 'main.js')).href);
    expect(trim).toBeTypeOf('function');
    // glibc's answer: whether some pages went back (the process's heaps decide which).
    expect(typeof trim!()).toBe('boolean');
  });
});
