import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Same names as in tools/build/build.mjs. */
const STAMP = 'build.json';
const LEASES = 'in-use';

/**
 * Claims the build this server runs from (`apps/server/.builds/<id>`, see tools/build/build.mjs)
 * for as long as the process lives: `<build>/in-use/<pid>`. The builder removes an old build only
 * when no live process claims it, so later builds never take away the web files, migrations or
 * template an instance still reads. A claim left by a killed process names a dead pid and is
 * ignored. Outside a build (from source, in tests) nothing is written; a read-only build is
 * served as it is.
 */
export function claimBuild(buildDir: string): void {
  if (!existsSync(join(buildDir, STAMP))) return;
  const lease = join(buildDir, LEASES, String(process.pid));
  try {
    mkdirSync(join(buildDir, LEASES), { recursive: true });
    writeFileSync(lease, '');
  } catch {
    return;
  }
  process.once('exit', () => rmSync(lease, { force: true }));
}
