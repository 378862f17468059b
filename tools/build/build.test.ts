import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  copyWorkingTree,
  currentBuild,
  isAlive,
  killStarted,
  npm,
  pagePaths,
  read,
  removeRepo,
  startApp,
  touchWebSource,
  type App,
} from './test-repo.js';

/**
 * `npm run build` builds only when the sources changed, into a fresh folder that replaces the
 * previous build in one step: an instance already running keeps serving its own pages and assets
 * while another build runs and after it; old builds go once no instance uses them; `npm start`
 * with nothing to build starts at once and hands SIGTERM to the server.
 *
 * The steps share one copy of the working tree and its builds, and run in order.
 */
let repo: string;
const dataDirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chat-build-data-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  repo = copyWorkingTree();
  const first = await npm(repo, ['run', 'build']);
  expect(first.code, first.output).toBe(0);
}, 600_000);

afterAll(() => {
  killStarted();
  removeRepo(repo);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function get(url: string): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

/** Requests every path and compares it with what the instance served at first. */
async function check(app: App, expected: Map<string, Buffer>, failures: string[]): Promise<void> {
  for (const [path, body] of expected) {
    const res = await get(`${app.url}${path}`).catch((err: Error) => ({ status: err.message, body: null }));
    if (res.status !== 200 || !res.body?.equals(body)) failures.push(`${path}: ${res.status}`);
  }
  const config = await fetch(`${app.url}/api/config`);
  if (config.status !== 200) failures.push(`/api/config: ${config.status}`);
}

let first: App; // runs from the first build until the cleanup step
let firstBuild: string;
let replaced: string; // the build the current one replaced, once two builds took turns

describe('npm run build', () => {
  it('rebuilding changed sources never disturbs a running instance', async () => {
    firstBuild = currentBuild(repo);
    first = await startApp(repo, dataDir(), ['node', 'apps/server/dist/main.js']);
    // The app's page (`/` is the server-rendered landing page, which loads none of the app's files).
    const index = (await get(`${first.url}/c/new`)).body.toString();
    const paths = pagePaths(index);
    expect(paths.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(0);
    const expected = new Map<string, Buffer>();
    for (const p of paths) expected.set(p, (await get(`${first.url}${p}`)).body);

    touchWebSource(repo, 'second build');
    let building = true;
    const rebuild = npm(repo, ['run', 'build']).finally(() => (building = false));
    const failures: string[] = [];
    let rounds = 0;
    while (building) {
      await check(first, expected, failures);
      rounds++;
    }
    const result = await rebuild;
    expect(result.code, result.output).toBe(0);
    await check(first, expected, failures); // and after the new build took the old one's place
    expect(failures).toEqual([]);
    expect(rounds).toBeGreaterThan(3);

    // The new build is what the next instance serves, whole.
    expect(currentBuild(repo)).not.toBe(firstBuild);
    const next = await startApp(repo, dataDir(), ['node', 'apps/server/dist/main.js']);
    const nextIndex = (await get(`${next.url}/c/new`)).body.toString();
    expect(nextIndex).not.toBe(index);
    for (const p of pagePaths(nextIndex))
      expect([p, (await get(`${next.url}${p}`)).status]).toEqual([p, 200]);
    next.child.kill('SIGTERM');
    expect((await next.exited).code).toBe(0);
  }, 600_000);

  it("writes the client's source maps, points no script at them, and serves none by default", async () => {
    const assets = join(currentBuild(repo), 'web/assets');
    const files = readdirSync(assets);
    const scripts = files.filter((n) => n.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(files.filter((n) => n.endsWith('.js.map')).length).toBeGreaterThan(0);
    for (const name of scripts) expect(read(join(assets, name)), name).not.toContain('sourceMappingURL');
    const app = await startApp(repo, dataDir(), ['node', 'apps/server/dist/main.js']);
    try {
      for (const name of files.filter((n) => n.endsWith('.map'))) {
        expect([name, (await get(`${app.url}/assets/${name}`)).status]).toEqual([name, 404]);
      }
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  }, 120_000);

  it('with nothing changed, builds nothing', async () => {
    const before = currentBuild(repo);
    const main = statSync(join(before, 'main.js'));
    const result = await npm(repo, ['run', 'build']);
    expect(result.code, result.output).toBe(0);
    expect(currentBuild(repo)).toBe(before);
    const after = statSync(join(before, 'main.js'));
    expect([after.ino, after.mtimeMs]).toEqual([main.ino, main.mtimeMs]);
  }, 120_000);

  it('two builds started at once take turns: the second finds nothing to build', async () => {
    const before = currentBuild(repo);
    touchWebSource(repo, 'built once');
    const [a, b] = await Promise.all([npm(repo, ['run', 'build']), npm(repo, ['run', 'build'])]);
    expect([a.code, b.code], a.output + b.output).toEqual([0, 0]);
    expect([a.output, b.output].filter((o) => o.includes('build: up to date')).length).toBe(1);
    const built = currentBuild(repo);
    expect(built).not.toBe(before);
    replaced = before;
    const builds = readdirSync(join(repo, 'apps/server/.builds')).filter((n) => !n.startsWith('.'));
    // The first build (an instance runs from it), the one before this one, and this one.
    expect(builds.sort()).toEqual([firstBuild, before, built].map((d) => basename(d)).sort());
  }, 600_000);

  it('removes an old build once no instance uses it', async () => {
    // The first build is two builds old but an instance runs from it; the previous one is the one
    // the current build replaced (an instance may be starting from it right now).
    const previous = replaced;
    expect([existsSync(firstBuild), existsSync(previous)]).toEqual([true, true]);

    // Killed: nothing releases its claim on the first build, but its process is gone.
    first.child.kill('SIGKILL');
    await first.exited;
    const noop = await npm(repo, ['run', 'build']);
    expect(noop.code, noop.output).toBe(0);
    expect([existsSync(firstBuild), existsSync(previous), existsSync(currentBuild(repo))]).toEqual([
      false,
      true,
      true,
    ]);
  }, 600_000);
});

describe('npm start', () => {
  it('with nothing to build serves the current build and hands SIGTERM to the server', async () => {
    const build = currentBuild(repo);
    const main = statSync(join(build, 'main.js'));
    const app = await startApp(repo, dataDir(), ['npm', 'start']);
    expect(currentBuild(repo)).toBe(build);
    expect(statSync(join(build, 'main.js')).mtimeMs).toBe(main.mtimeMs);
    expect((await fetch(`${app.url}/api/config`)).status).toBe(200);

    // A supervisor stops `npm start` with SIGTERM to npm: the server drains and exits, and npm
    // waits for it, so the next start never meets the old server still holding the data.
    app.child.kill('SIGTERM');
    const exit = await app.exited;
    expect([exit.code, exit.signal]).toEqual([0, null]);
    expect(isAlive(app.serverPid)).toBe(false);
    expect(app.output()).toContain('shutting down');
  }, 180_000);
});
