import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';

/**
 * The build writes a Brotli and a gzip copy beside each script, stylesheet and other text file of
 * the web build, which the server sends to a browser that accepts them; maps, HTML and files too
 * small to gain are left alone.
 */
const { precompress, MIN_BYTES } = (await import(new URL('./precompress.mjs', import.meta.url).href)) as {
  precompress: (
    dir: string,
    options?: { cacheDir?: string },
  ) => Promise<{ files: number; bytes: number; br: number; gz: number; cached: number }>;
  MIN_BYTES: number;
};

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes .br and .gz copies of the text files worth it, each decoding to the file', async () => {
  mkdirSync(join(dir, 'assets'));
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i % 37}`))};\n`;
  const files: Record<string, string> = {
    'assets/index-abc.js': script,
    'assets/index-abc.css': `.a{color:red}\n`.repeat(200),
    'boot.js': script,
    'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
    'assets/index-abc.js.map': JSON.stringify({ version: 3, mappings: 'A'.repeat(5000) }),
    'index.html': `<!doctype html>${'<p>x</p>'.repeat(300)}`,
    'assets/tiny.js': 'export {};\n',
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);

  const done = await precompress(dir);

  for (const name of ['assets/index-abc.js', 'assets/index-abc.css', 'boot.js', 'favicon.svg']) {
    const body = readFileSync(join(dir, name));
    const br = readFileSync(join(dir, `${name}.br`));
    const gz = readFileSync(join(dir, `${name}.gz`));
    expect(brotliDecompressSync(br).equals(body), name).toBe(true);
    expect(gunzipSync(gz).equals(body), name).toBe(true);
    expect(br.length, name).toBeLessThan(body.length / 2);
  }
  for (const name of ['assets/index-abc.js.map', 'index.html', 'assets/tiny.js']) {
    expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
    expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
  }
  expect(Buffer.byteLength(files['assets/tiny.js']!)).toBeLessThan(MIN_BYTES);
  expect(done.files).toBe(4);
  expect(done.cached).toBe(0);
  expect(done.br).toBeLessThan(done.bytes);
});

it("takes a file's copies from the cache while its content is the same, and makes new ones once it changed", async () => {
  const web = join(dir, 'cached-web');
  const cacheDir = join(dir, 'cache');
  mkdirSync(web);
  const bodies = {
    'a.js': `export const a = ${JSON.stringify('alpha '.repeat(400))};\n`,
    'b.css': `.b{margin:0}\n`.repeat(200),
  };
  for (const [name, body] of Object.entries(bodies)) writeFileSync(join(web, name), body);
  const first = await precompress(web, { cacheDir });
  expect([first.files, first.cached]).toEqual([2, 0]);
  const firstBr = readFileSync(join(web, 'a.js.br'));

  // A new build: the same script, a changed stylesheet.
  for (const name of readdirSync(web).filter((n) => /\.(br|gz)$/.test(n))) rmSync(join(web, name));
  const changedCss = `.b{margin:1px}\n`.repeat(200);
  writeFileSync(join(web, 'b.css'), changedCss);
  const second = await precompress(web, { cacheDir });
  expect([second.files, second.cached]).toEqual([2, 1]);
  expect(readFileSync(join(web, 'a.js.br')).equals(firstBr)).toBe(true);
  expect(brotliDecompressSync(readFileSync(join(web, 'b.css.br'))).toString()).toBe(changedCss);
  expect(gunzipSync(readFileSync(join(web, 'b.css.gz'))).toString()).toBe(changedCss);
  expect(brotliDecompressSync(readFileSync(join(web, 'a.js.br'))).toString()).toBe(bodies['a.js']);
  // Both contents of the stylesheet and the script, two copies each; no temporary file left.
  expect(readdirSync(cacheDir)).toHaveLength(6);
});
