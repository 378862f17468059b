// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the web build that is
// worth compressing, once at build time at the highest levels, so the server sends the copy the
// browser accepts (its static files are registered with `preCompressed`) without compressing on
// each request. The deployment's nginx compresses nothing (a reply streams through it as SSE), so
// without these the scripts and the stylesheet travelled at full size: about 370 KiB more on a
// cold load of /login or /c/new, seconds on a phone's connection.
//
// Brotli at its highest level is the slow part of a build (about 7 MB of text: 17 s on one core
// of a busy two-core machine). The files are compressed on every core at once, and each copy is
// kept in a cache under the name of the file's content: the scripts' names carry their content's
// hash, so a rebuild after a change to one screen finds nearly every copy already made.
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text files a browser fetches as static files; maps stay as they are (served only on request). */
const COMPRESSIBLE = /\.(?:m?js|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a network packet. */
export const MIN_BYTES = 1024;
/** Part of every cache key: a change of levels or formats makes every cached copy a miss. */
const SETTINGS = 'br11+gz9';
/** A cached copy no build has used for this long is removed. */
const UNUSED_FOR_MS = 14 * 24 * 3600 * 1000;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** @param {Buffer} body */
const compressBoth = (body) =>
  Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipped(body, { level: 9 }),
  ]);

/** Writes `bytes` to `path` whole or not at all: another build may read the cache meanwhile. */
function writeWhole(path, bytes) {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, bytes);
  renameSync(temp, path);
}

/**
 * @param {string} dir the web build's folder
 * @param {{ cacheDir?: string }} [options] where compressed copies are kept between builds
 * @returns {Promise<{ files: number, bytes: number, br: number, gz: number, cached: number }>}
 *   what was compressed, and how many files' copies came from the cache
 */
export async function precompress(dir, options = {}) {
  const { cacheDir } = options;
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const paths = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (statSync(path).size >= MIN_BYTES) paths.push(path);
  }
  const total = { files: 0, bytes: 0, br: 0, gz: 0, cached: 0 };

  const one = async (path) => {
    const body = readFileSync(path);
    const key = createHash('sha256').update(SETTINGS).update(body).digest('hex');
    const cachedBr = cacheDir && join(cacheDir, `${key}.br`);
    const cachedGz = cacheDir && join(cacheDir, `${key}.gz`);
    let br;
    let gz;
    if (cacheDir && existsSync(cachedBr) && existsSync(cachedGz)) {
      copyFileSync(cachedBr, `${path}.br`);
      copyFileSync(cachedGz, `${path}.gz`);
      const now = new Date();
      utimesSync(cachedBr, now, now);
      utimesSync(cachedGz, now, now);
      br = statSync(`${path}.br`).size;
      gz = statSync(`${path}.gz`).size;
      total.cached++;
    } else {
      const [brBytes, gzBytes] = await compressBoth(body);
      writeFileSync(`${path}.br`, brBytes);
      writeFileSync(`${path}.gz`, gzBytes);
      if (cacheDir) {
        writeWhole(cachedBr, brBytes);
        writeWhole(cachedGz, gzBytes);
      }
      br = brBytes.length;
      gz = gzBytes.length;
    }
    total.files++;
    total.bytes += body.length;
    total.br += br;
    total.gz += gz;
  };

  // One file per core at a time (its two copies on zlib's thread pool side by side), the largest
  // first so that no core is left with a large one at the end.
  const queue = paths.sort((a, b) => statSync(b).size - statSync(a).size);
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) await one(path);
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));

  if (cacheDir) {
    const stale = Date.now() - UNUSED_FOR_MS;
    for (const name of readdirSync(cacheDir)) {
      const path = join(cacheDir, name);
      if (statSync(path).mtimeMs < stale) rmSync(path, { force: true });
    }
  }
  return total;
}
