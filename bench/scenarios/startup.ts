/**
 * Start-up: the built server spawned on a fresh DATA_DIR and on an existing one; time from spawn
 * to the first 200 of /api/config, and resident memory once it has been idle 5 s. `npm run serve`
 * (npm + `node apps/server/dist/main.js`) and `npm start` with nothing to build are timed too.
 * Restart: signal → the next instance ready on the same data, after SIGTERM and after kill -9,
 * with a client holding an idle keep-alive connection and an unused one (as a browser does).
 */
import { connect, type Socket } from 'node:net';
import { emit, median, note } from '../lib/figures.js';
import { startFake } from '../lib/fake.js';
import { knobs } from '../lib/knobs.js';
import { scratchDatabase } from '../lib/seed.js';
import {
  cpuMs,
  now,
  removeDir,
  rssKb,
  serverPidOf,
  sleep,
  startServer,
  tempDir,
  type ServerHandle,
} from '../lib/server.js';

/** A browser's connections: one that served a request and stays open, one opened ahead of use. */
async function browserLikeConnections(port: number): Promise<Socket[]> {
  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
  const idle = await open();
  idle.on('error', () => {});
  const answered = new Promise<void>((resolve) => idle.once('data', () => resolve()));
  idle.write('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await answered;
  const unused = await open();
  unused.on('error', () => {});
  return [idle, unused];
}

/** Signal → exit of the old instance, and → ready of the next one on the same data. */
async function restart(fakeUrl: string, dataDir: string, sig: 'SIGTERM' | 'SIGKILL') {
  const first: ServerHandle = await startServer({ fakeUrl, dataDir });
  const sockets = await browserLikeConnections(first.port);
  const exited = new Promise<void>((resolve) => first.proc.once('exit', () => resolve()));
  const t0 = now();
  first.proc.kill(sig);
  await exited;
  const stopMs = now() - t0;
  const next = await startServer({ fakeUrl, dataDir });
  const restartMs = now() - t0;
  for (const s of sockets) s.destroy();
  await next.stop();
  note(`restart after ${sig}: stopped ${stopMs.toFixed(0)} ms, next ready ${restartMs.toFixed(0)} ms`);
  return { stop_ms: stopMs, ready_ms: next.readyMs, restart_ms: restartMs };
}

interface RestartRun {
  stop_ms: number;
  ready_ms: number;
  restart_ms: number;
}

/** How long the "settled" idle figure waits after ready. */
const SETTLE_MS = 25_000;

export async function startup(): Promise<void> {
  const fake = await startFake();
  const existingDir = tempDir('startup-existing');
  try {
    // Prepare the existing data dir once (first start creates and migrates the database).
    await (await startServer({ fakeUrl: fake.url, dataDir: existingDir })).stop();

    const measure = async (label: string, dataDir: string, command?: [string, ...string[]]) => {
      const s = await startServer({ fakeUrl: fake.url, dataDir, ...(command ? { command } : {}) });
      const pid = serverPidOf(s);
      const rssReady = rssKb(pid);
      const cpu0 = cpuMs(pid);
      await sleep(5000);
      const idleCpu = (cpuMs(pid) - cpu0) / 5000;
      const rss = rssKb(pid);
      await s.stop();
      note(
        `startup ${label}: ready ${s.readyMs.toFixed(0)} ms, rss at ready ${(rssReady / 1024).toFixed(0)} MB, after 5 s ${(rss / 1024).toFixed(0)} MB`,
      );
      return { ready: s.readyMs, rss: rss / 1024, rssReady: rssReady / 1024, idleCpu };
    };

    const fresh = [];
    const existing = [];
    const viaNpm = [];
    for (let r = 0; r < knobs.startupRuns; r++) {
      const dir = tempDir('startup-fresh');
      fresh.push(await measure('fresh', dir));
      removeDir(dir);
      existing.push(await measure('existing', existingDir));
    }
    const viaNpmStart = [];
    for (let r = 0; r < Math.min(3, knobs.startupRuns); r++) {
      viaNpm.push(await measure('npm run serve', existingDir, ['npm', 'run', '--silent', 'serve']));
      // The tree is built (startServer saw to it): `npm start` only finds nothing to build.
      viaNpmStart.push(await measure('npm start', existingDir, ['npm', 'start', '--silent']));
    }
    const restarts = { SIGTERM: [] as RestartRun[], SIGKILL: [] as RestartRun[] };
    for (let r = 0; r < Math.min(3, knobs.startupRuns); r++) {
      for (const sig of ['SIGTERM', 'SIGKILL'] as const) {
        restarts[sig].push(await restart(fake.url, existingDir, sig));
      }
    }
    const stats = (xs: { ready: number; rss: number; rssReady: number; idleCpu: number }[]) => ({
      ready_ms: median(xs.map((x) => x.ready)),
      idle_rss_mb: median(xs.map((x) => x.rss)),
      rss_at_ready_mb: median(xs.map((x) => x.rssReady)),
      idle_cpu_percent: 100 * median(xs.map((x) => x.idleCpu)),
      runs: xs.length,
    });
    // Idle longer: V8's memory reducer shrinks the young generation (32 MB after start-up's
    // allocations) once the process has been idle a while (~16 s here).
    const settled = await startServer({ fakeUrl: fake.url, dataDir: existingDir });
    await sleep(SETTLE_MS);
    const settledRssMb = rssKb(serverPidOf(settled)) / 1024;
    await settled.stop();
    // The same server on PostgreSQL: what the app itself costs without the embedded database.
    const onPostgres = [];
    if (knobs.databaseUrl) {
      const scratch = await scratchDatabase(knobs.databaseUrl);
      const dir = tempDir('startup-pg');
      try {
        await (await startServer({ fakeUrl: fake.url, dataDir: dir, databaseUrl: scratch.url })).stop();
        for (let r = 0; r < Math.min(3, knobs.startupRuns); r++) {
          const s = await startServer({ fakeUrl: fake.url, dataDir: dir, databaseUrl: scratch.url });
          await sleep(5000);
          onPostgres.push({ ready: s.readyMs, rss: rssKb(s.pid) / 1024, rssReady: NaN, idleCpu: NaN });
          await s.stop();
        }
      } finally {
        removeDir(dir);
        await scratch.drop();
      }
    }
    const f = stats(fresh);
    const e = stats(existing);
    const n = stats(viaNpm);
    const ns = stats(viaNpmStart);
    emit({
      figure: 'startup.ready_ms.existing_data',
      value: e.ready_ms,
      target: '<=2000',
      unit: 'ms',
      compare: { node_dist_main: e, npm_run_serve: n, npm_start_nothing_to_build: ns },
      note: 'spawn of node apps/server/dist/main.js to /api/config 200',
    });
    emit({
      figure: 'startup.ready_ms.npm_start_nothing_to_build',
      value: ns.ready_ms,
      target: '<=2000',
      unit: 'ms',
      compare: { ...ns, npm_run_serve_ready_ms: n.ready_ms, node_dist_main_ready_ms: e.ready_ms },
      note: '`npm start` on a built tree whose sources did not change: npm + the build check + the server',
    });
    for (const [sig, runs] of Object.entries(restarts)) {
      emit({
        figure: `startup.restart_ms.after_${sig === 'SIGTERM' ? 'sigterm' : 'kill9'}`,
        value: median(runs.map((r) => r.restart_ms)),
        target: '<=2500',
        unit: 'ms',
        compare: {
          stop_ms: median(runs.map((r) => r.stop_ms)),
          next_ready_ms: median(runs.map((r) => r.ready_ms)),
          runs: runs.length,
        },
        note: `${sig} to the server (existing data, an idle and an unused client connection open) → the next instance ready`,
      });
    }
    emit({
      figure: 'startup.ready_ms.fresh_data',
      value: f.ready_ms,
      target: '<=2000',
      unit: 'ms',
      compare: f,
      note: 'first start on an empty DATA_DIR: creates and migrates the embedded database',
    });
    emit({
      figure: 'startup.idle_rss_mb.existing_data',
      value: e.idle_rss_mb,
      target: '<=150',
      unit: 'MB',
      compare: {
        ...e,
        [`idle_rss_mb_after_${SETTLE_MS / 1000}_s`]: settledRssMb,
        ...(onPostgres.length
          ? {
              on_postgres: {
                ready_ms: median(onPostgres.map((x) => x.ready)),
                idle_rss_mb: median(onPostgres.map((x) => x.rss)),
              },
            }
          : {}),
      },
      note: 'VmRSS of the server process 5 s after ready; on_postgres: the same server with DATABASE_URL',
    });
    emit({
      figure: 'startup.idle_rss_mb.fresh_data',
      value: f.idle_rss_mb,
      target: '<=150',
      unit: 'MB',
      compare: f,
    });
  } finally {
    removeDir(existingDir);
    await fake.close();
  }
}
