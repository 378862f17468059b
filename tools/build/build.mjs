// Builds the app — the web client (Vite) and the server bundle (apps/server/bundle.mjs) — only when
// its sources changed since the last build, into a fresh folder swapped in at once.
//
//   apps/server/.builds/<id>/   one whole build: main.js, migrations/, the PGlite template, web/,
//                               site-ssr/ssr.js (the public pages' renderer), build.json (the
//                               hash of the inputs, written last)
//   apps/server/dist            a symlink to the current build, replaced by one rename(2)
//
// An instance started from `apps/server/dist/main.js` runs from the build's real folder (Node
// resolves the symlink of the main module) and serves that folder's web/ for its whole life, so a
// later build never changes the files under it. Each instance claims its build with a file
// `<build>/in-use/<pid>` (apps/server/src/platform/build-lease.ts); a build is removed once it is
// neither current, nor the one the current build replaced, nor claimed by a live process.
// Builders take turns (.builds/.lock), so two `npm start` at once build once.
//
//   node tools/build/build.mjs [--force]
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const SERVER = join(ROOT, 'apps/server');
const WEB = join(ROOT, 'apps/web');
const BUILDS = join(SERVER, '.builds');
const DIST = join(SERVER, 'dist');
const STAMP = 'build.json';
/** The public pages' renderer, beside web/ (apps/server/src/platform/html/site-renderer.ts). */
const SITE_SSR = 'site-ssr';
/** Same name as in apps/server/src/platform/build-lease.ts. */
const LEASES = 'in-use';
const LOCK = join(BUILDS, '.lock');
const TEMP_PREFIX = '.tmp-';

/**
 * What a build is made of. Each package's top-level files (package.json, configs, build scripts)
 * and its source folders, without tests; the root manifest and lockfile (installed versions);
 * this script.
 */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tools/build/build.mjs',
  'tools/build/precompress.mjs',
  { dir: 'apps/server', trees: ['src'] },
  { dir: 'apps/web', trees: ['src', 'public'] },
  { dir: 'packages/contract', trees: ['src'] },
  { dir: 'tools/fake-upstreams', trees: ['src'] },
];
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function listFiles(dir, recursive) {
  const out = [];
  if (!existsSync(join(ROOT, dir))) return out;
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const path = `${dir}/${entry.name}`;
    if (entry.isFile() && !isTest(entry.name)) out.push(path);
    else if (entry.isDirectory() && recursive) out.push(...listFiles(path, true));
  }
  return out;
}

/** sha256 over the path and content of every input file. */
function inputsHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const files =
      typeof input === 'string'
        ? [input]
        : [
            ...listFiles(input.dir, false),
            ...input.trees.flatMap((t) => listFiles(`${input.dir}/${t}`, true)),
          ];
    for (const file of files) {
      const body = readFileSync(join(ROOT, file));
      hash.update(`${file}\n${body.length}\n`);
      hash.update(body);
    }
  }
  return hash.digest('hex');
}

function readStamp(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** The build apps/server/dist points at: its id and stamp, or null (none yet, or an old-style dist). */
function current() {
  try {
    if (!lstatSync(DIST).isSymbolicLink()) return null;
  } catch {
    return null;
  }
  const id = basename(readlinkSync(DIST));
  const stamp = readStamp(join(BUILDS, id));
  return stamp ? { id, stamp } : null;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The pid in the lock file; null when there is none, 0 when it is still being written. */
function lockHolder() {
  try {
    return Number(readFileSync(LOCK, 'utf8').trim() || 0);
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    throw err;
  }
}

/** Waits for any other builder to finish, then holds the lock; returns its release. */
async function lock() {
  mkdirSync(BUILDS, { recursive: true });
  let told = false;
  for (;;) {
    try {
      const fd = openSync(LOCK, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      // Removes the lock only while it is ours: once released, the next builder may hold it.
      const release = () => {
        process.off('exit', release);
        if (lockHolder() === process.pid) rmSync(LOCK, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    const holder = lockHolder();
    if (holder === null) continue; // released meanwhile
    // Left by a builder that was killed (an empty file: killed before it wrote its pid).
    const orphaned = holder > 0 ? !alive(holder) : Date.now() - statSync(LOCK).mtimeMs > 10_000;
    if (orphaned) {
      rmSync(LOCK, { force: true });
      continue;
    }
    if (!told) console.log(`build: waiting for another build (pid ${holder || '?'})`);
    told = true;
    await sleep(250);
  }
}

/** Points apps/server/dist at `id` in one rename (a symlink replaces a symlink atomically). */
function swapTo(id) {
  const link = join(SERVER, `.dist-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(join('.builds', id), link);
  try {
    renameSync(link, DIST);
  } catch (err) {
    if (!['EISDIR', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR'].includes(err.code)) throw err;
    // dist is still a folder from an older layout: moved aside whole, then replaced.
    renameSync(DIST, join(BUILDS, `legacy-${Date.now().toString(36)}`));
    renameSync(link, DIST);
  }
}

/** Whether a live process claims the build in `dir`. */
function claimed(dir) {
  const leases = join(dir, LEASES);
  if (!existsSync(leases)) return false;
  return readdirSync(leases).some((name) => alive(Number(name)));
}

/** Removes the builds no instance can need: not current, not the one it replaced, not claimed. */
function clean() {
  const now = current();
  const keep = new Set([now?.id, now?.stamp.replaced].filter(Boolean));
  const removed = [];
  for (const name of readdirSync(BUILDS)) {
    if (name === basename(LOCK) || keep.has(name)) continue;
    const dir = join(BUILDS, name);
    if (name.startsWith(TEMP_PREFIX)) {
      // An interrupted build (its builder died); the lock means no other builder is running.
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (claimed(dir)) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

async function buildInto(dir) {
  const { build: viteBuild } = await import('vite');
  await viteBuild({
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: join(dir, 'web'), emptyOutDir: true },
  });
  const { precompress } = await import('./precompress.mjs');
  // Compressed copies kept between builds (a rebuild compresses only the files that changed).
  await precompress(join(dir, 'web'), { cacheDir: join(ROOT, 'node_modules/.cache/precompress') });
  // The public pages' server renderer: one self-contained module the server imports at start.
  await viteBuild({
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    // React's production build: the server's NODE_ENV is not the bundle's business.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: join(WEB, 'src/site/ssr.tsx'),
      outDir: join(dir, SITE_SSR),
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
      rollupOptions: { input: join(WEB, 'src/site/ssr.tsx'), output: { entryFileNames: 'ssr.js' } },
    },
  });
  const { bundleServer } = await import('../../apps/server/bundle.mjs');
  await bundleServer(dir);
}

async function main() {
  const force = process.argv.includes('--force');
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const release = await lock();
  try {
    const inputs = inputsHash();
    const was = current();
    if (!force && was?.stamp.inputs === inputs) {
      clean();
      console.log(`build: up to date (${was.id})`);
      return;
    }
    const id = `${Date.now().toString(36)}-${inputs.slice(0, 12)}`;
    const temp = join(BUILDS, `${TEMP_PREFIX}${id}`);
    console.log(`build: ${force ? 'forced' : was ? 'sources changed' : 'no build yet'}; building ${id}`);
    await buildInto(temp);
    writeFileSync(
      join(temp, STAMP),
      `${JSON.stringify({ inputs, builtAt: new Date().toISOString(), replaced: was?.id ?? null }, null, 2)}\n`,
    );
    renameSync(temp, join(BUILDS, id));
    swapTo(id);
    const removed = clean();
    console.log(
      `build: ${relative(ROOT, DIST)} → .builds/${id} in ${seconds()} s` +
        (removed.length ? `; removed ${removed.length} unused build(s)` : ''),
    );
  } finally {
    release();
  }
}

await main();
