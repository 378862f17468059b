// The server's native part, built best-effort beside the bundle: glibc's malloc_trim as a
// Node-API addon (src/platform/runtime/malloc-trim.c). Without a C compiler or Node's headers, or
// off Linux, nothing is built and the server runs without it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const MALLOC_TRIM_ADDON = 'malloc-trim.node';

/**
 * Node's C headers: npm's nodedir when set, else beside the running node (…/include/node), else the
 * system's (/usr/local, /usr). Node-API's ABI is stable across Node's versions, so another
 * installation's headers build an addon this one loads: a node installed from npm's `node` package
 * or a version manager ships without headers.
 */
function nodeHeaders() {
  const roots = [
    process.env.npm_config_nodedir,
    dirname(dirname(process.execPath)),
    '/usr/local',
    '/usr',
  ].filter(Boolean);
  for (const root of roots) {
    const dir = join(root, 'include', 'node');
    if (existsSync(join(dir, 'node_api.h'))) return dir;
  }
  return null;
}

/** Compiles the addon into `outDir`; answers why not when it could not (the build goes on). */
export function buildNative(outDir) {
  if (process.platform !== 'linux') return 'not Linux';
  const headers = nodeHeaders();
  if (!headers) return "Node's C headers were not found";
  const cc = process.env.CC || 'cc';
  const source = join(here, 'src/platform/runtime/malloc-trim.c');
  const out = join(outDir, MALLOC_TRIM_ADDON);
  const r = spawnSync(cc, ['-shared', '-fPIC', '-O2', '-I', headers, source, '-o', out], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.error) return `${cc}: ${r.error.message}`;
  if (r.status !== 0) return `${cc} failed: ${(r.stderr || '').trim().split('\n')[0]}`;
  return null;
}
