// Bundles the server (and the workspace packages it imports) into dist/main.js; npm packages stay
// external and load from node_modules. Migrations are copied beside the bundle, and so is the
// template database a fresh DATA_DIR starts from (src/db/template.ts): made once per PGlite version
// and set of migrations into node_modules/.cache, copied from there on later builds.
import { build } from 'esbuild';
import { constants, copyFileSync, cpSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@chat/'));
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
};

rmSync('dist', { recursive: true, force: true });
await build({ ...options, entryPoints: ['src/main.ts'], outfile: 'dist/main.js', sourcemap: true });
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });

// The template: db/client.ts bundled beside main.js (so it sees dist/migrations), run, removed.
const helper = resolve('dist/.build-template.mjs');
await build({ ...options, entryPoints: ['src/db/client.ts'], outfile: helper });
try {
  const { pgliteTemplate, makePgliteTemplate } = await import(helper);
  const template = (await pgliteTemplate()) ?? (await makePgliteTemplate(resolve('dist')));
  if (dirname(template) !== resolve('dist')) {
    copyFileSync(template, join('dist', basename(template)), constants.COPYFILE_FICLONE);
  }
} finally {
  rmSync(helper, { force: true });
}
