import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.js';
import { startTestApp, type Harness } from '../../test/support/harness.js';

/**
 * The web client's source maps hold its whole source. The build writes them beside the scripts
 * without a `sourceMappingURL` comment; the server serves them, and points at them with a
 * SourceMap header, only when SERVE_SOURCE_MAPS is on. Here over real HTTP on a small build.
 */
const webDist = mkdtempSync(join(tmpdir(), 'source-maps-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><title>app</title><script type="module" src="/assets/index-abc123.js"></script>',
);
writeFileSync(join(webDist, 'assets/index-abc123.js'), 'console.log("app");\n');
const MAP = JSON.stringify({
  version: 3,
  sources: ['../src/secret-source.ts'],
  sourcesContent: ['const x = 1;'],
});
writeFileSync(join(webDist, 'assets/index-abc123.js.map'), MAP);
writeFileSync(join(webDist, 'assets/index-abc123.css'), 'body{}\n');
writeFileSync(join(webDist, 'assets/index-abc123.css.map'), MAP);

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const get = async (h: Harness, path: string) => {
  const res = await fetch(`${h.url}${path}`);
  return { status: res.status, sourceMap: res.headers.get('sourcemap'), body: await res.text() };
};

describe('by default (SERVE_SOURCE_MAPS unset)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ serveSourceMaps: parseEnv({}).SERVE_SOURCE_MAPS }, { webDist });
  });
  afterAll(() => h.close());

  it('answers 404 for every map, and the scripts point at none', async () => {
    for (const path of ['/assets/index-abc123.js.map', '/assets/index-abc123.css.map']) {
      const map = await get(h, path);
      expect(map.status, path).toBe(404);
      expect(map.body).not.toContain('secret-source');
    }
    for (const path of ['/assets/index-abc123.js', '/assets/index-abc123.css']) {
      const file = await get(h, path);
      expect(file.status, path).toBe(200);
      expect(file.sourceMap, path).toBeNull();
    }
  });

  it('answers 404 (not the app page) for a map or an asset that is not there', async () => {
    for (const path of ['/assets/gone.js.map', '/assets/gone.js', '/other.map']) {
      const res = await get(h, path);
      expect(res.status, path).toBe(404);
      expect(res.body).not.toContain('<title>');
    }
    // Pages still get the app.
    expect((await get(h, '/c/new')).status).toBe(200);
  });
});

describe('with SERVE_SOURCE_MAPS=true', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp(
      { serveSourceMaps: parseEnv({ SERVE_SOURCE_MAPS: 'true' }).SERVE_SOURCE_MAPS },
      { webDist },
    );
  });
  afterAll(() => h.close());

  it('serves the maps, and each script and stylesheet names its map in a SourceMap header', async () => {
    const js = await get(h, '/assets/index-abc123.js');
    expect(js.sourceMap).toBe('index-abc123.js.map');
    expect((await get(h, '/assets/index-abc123.css')).sourceMap).toBe('index-abc123.css.map');
    const map = await get(h, `/assets/${js.sourceMap}`);
    expect(map.status).toBe(200);
    expect(map.body).toContain('secret-source');
  });
});

it('the web build writes its maps without pointing the scripts at them', () => {
  // Vite's `hidden` maps: files for the server to serve on request, no `sourceMappingURL` comment.
  const config = readFileSync(fileURLToPath(new URL('../../../web/vite.config.ts', import.meta.url)), 'utf8');
  expect(config).toMatch(/sourcemap: 'hidden'/);
});
