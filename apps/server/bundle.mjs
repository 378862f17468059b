// The server's part of a build (tools/build/build.mjs runs it): bundles the server (and the
// workspace packages it imports) into <outDir>/main.js; npm packages stay external and load from
// node_modules, found by walking up from outDir, which is why builds live under apps/server.
// Migrations (the core's and every feature's) are copied beside the bundle, and so is the
// template database a fresh DATA_DIR starts
// from (src/db/template.ts): made once per PGlite version and set of migrations into
// node_modules/.cache, linked from there into each build. The malloc-trim addon is compiled there
// too where it can be (native.mjs).
import { build } from 'esbuild';
import {
  constants,
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildNative } from './native.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@chat/'));
/**
 * esbuild's options for the server bundle (platform/lazy.test.ts reads what it imports at start).
 * @public (imported by a computed path, which static analysis does not follow)
 */
export const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
};

/** Writes main.js, its source map, migrations/ and the PGlite template into `outDir`. */
export async function bundleServer(outDir) {
  const out = resolve(outDir);
  await build({
    ...options,
    entryPoints: [join(here, 'src/main.ts')],
    outfile: join(out, 'main.js'),
    sourcemap: true,
  });
  copyMigrations(join(out, 'migrations'));
  // The code interpreter's worker is started from its own file, found beside main.js.
  copyFileSync(join(here, 'src/features/code-interpreter/python-worker.mjs'), join(out, 'python-worker.mjs'));
  const noNative = buildNative(out);
  if (noNative) console.warn(`build: no malloc-trim addon (${noNative}); the server runs without it`);

  // The template: db/client.ts bundled beside main.js (so it sees <outDir>/migrations), run, removed.
  const helper = join(out, '.build-template.mjs');
  await build({ ...options, entryPoints: [join(here, 'src/db/client.ts')], outfile: helper });
  try {
    const { pgliteTemplate, makePgliteTemplate } = await import(pathToFileURL(helper).href);
    const template = (await pgliteTemplate()) ?? (await makePgliteTemplate(out));
    if (dirname(template) !== out) linkOrCopy(template, join(out, basename(template)));
  } finally {
    rmSync(helper, { force: true });
  }
}

/**
 * The core's migrations into `to`, each feature's into `to/features/<name>`: the layout
 * src/db/migrator.ts reads beside a bundle (the source tree keeps them in each feature's folder).
 */
function copyMigrations(to) {
  rmSync(to, { recursive: true, force: true });
  cpSync(join(here, 'src/db/migrations'), to, { recursive: true });
  mkdirSync(join(to, 'features'));
  const features = join(here, 'src/features');
  for (const name of readdirSync(features)) {
    const from = join(features, name, 'migrations');
    if (existsSync(join(from, 'meta/_journal.json'))) {
      cpSync(from, join(to, 'features', name), { recursive: true });
    }
  }
}

/** A hard link costs no space (the template is ~40 MB and every build has one); a copy otherwise. */
function linkOrCopy(from, to) {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to, constants.COPYFILE_FICLONE);
  }
}
