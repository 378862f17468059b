import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Harness } from '../../test/support/harness.js';

/**
 * The build writes a Brotli and a gzip copy beside each script and stylesheet; the server sends
 * the one the browser accepts, with the file's own type and cache headers, and the file itself to
 * a client that accepts neither. Over real HTTP on a small build.
 */
const webDist = mkdtempSync(join(tmpdir(), 'precompressed-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><title>app</title><script type="module" src="/assets/index-abc123.js"></script>',
);
const SCRIPT = `console.log(${JSON.stringify('compressible '.repeat(200))});\n`;
writeFileSync(join(webDist, 'assets/index-abc123.js'), SCRIPT);
writeFileSync(join(webDist, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(webDist, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
writeFileSync(join(webDist, 'assets/index-abc123.js.map'), '{"version":3}');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** A GET that sends exactly the Accept-Encoding given (fetch would add its own). */
function get(h: Harness, path: string, acceptEncoding?: string) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = request(
      `${h.url}${path}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed assets', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ serveSourceMaps: true }, { webDist });
  });
  afterAll(() => h.close());

  it('sends the Brotli copy to a browser that accepts it, as the script it is', async () => {
    const res = await get(h, '/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['sourcemap']).toBe('index-abc123.js.map');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when Brotli is not accepted, the file itself when nothing is', async () => {
    const gz = await get(h, '/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await get(h, '/assets/index-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('gives the compressed copies no address of their own', async () => {
    expect((await get(h, '/assets/index-abc123.js.br', 'br')).status).toBe(404);
    expect((await get(h, '/assets/index-abc123.js.gz', 'gzip')).status).toBe(404);
  });
});
