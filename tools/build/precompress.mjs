// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the web build that is
// worth compressing, once at build time at the highest levels, so the server sends the copy the
// browser accepts (its static files are registered with `preCompressed`) without compressing on
// each request. The deployment's nginx compresses nothing (a reply streams through it as SSE), so
// without these the scripts and the stylesheet travelled at full size: about 370 KiB more on a
// cold load of /login or /c/new, seconds on a phone's connection.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files a browser fetches as static files; maps stay as they are (served only on request). */
const COMPRESSIBLE = /\.(?:m?js|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a network packet. */
export const MIN_BYTES = 1024;

/**
 * @param {string} dir the web build's folder
 * @returns {{ files: number, bytes: number, br: number, gz: number }} what was compressed
 */
export function precompress(dir) {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (statSync(path).size < MIN_BYTES) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    total.files++;
    total.bytes += body.length;
    total.br += br.length;
    total.gz += gz.length;
  }
  return total;
}
