import { spawnSync } from 'node:child_process';
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
    const cc = process.env.CC || 'cc';
    const compiler = spawnSync(cc, ['--version'], { encoding: 'utf8' });
    const why = buildNative(dir);
    const bundle = pathToFileURL(join(dir, 'main.js')).href;
    if (compiler.error) {
      // No compiler here: the build says so by name, and the server runs without the addon.
      expect(why).toMatch(new RegExp(`^${cc}: `));
      expect(loadMallocTrim(bundle)).toBeNull();
      return;
    }
    // With a compiler the build must succeed: Node's headers are found beside node or the system's.
    expect(why).toBeNull();
    const trim = loadMallocTrim(bundle);
    expect(trim).toBeTypeOf('function');
    // glibc's answer: whether some pages went back (the process's heaps decide which).
    expect(typeof trim!()).toBe('boolean');
  });
});
