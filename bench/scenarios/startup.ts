/**
 * Start-up: the built server spawned on a fresh DATA_DIR and on an existing one; time from spawn
 * to the first 200 of /api/config, and resident memory once it has been idle 5 s. `npm run serve`
 * (npm + `node apps/server/dist/main.js`) is timed too, to show what npm itself adds.
 */
import { emit, median, note } from '../lib/figures.js';
import { startFake } from '../lib/fake.js';
import { knobs } from '../lib/knobs.js';
import { scratchDatabase } from '../lib/seed.js';
import { cpuMs, removeDir, rssKb, serverPidOf, sleep, startServer, tempDir } from '../lib/server.js';

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
    for (let r = 0; r < Math.min(3, knobs.startupRuns); r++) {
      viaNpm.push(await measure('npm run serve', existingDir, ['npm', 'run', '--silent', 'serve']));
    }
    const stats = (xs: { ready: number; rss: number; rssReady: number; idleCpu: number }[]) => ({
      ready_ms: median(xs.map((x) => x.ready)),
      idle_rss_mb: median(xs.map((x) => x.rss)),
      rss_at_ready_mb: median(xs.map((x) => x.rssReady)),
      idle_cpu_percent: 100 * median(xs.map((x) => x.idleCpu)),
      runs: xs.length,
    });
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
    emit({
      figure: 'startup.ready_ms.existing_data',
      value: e.ready_ms,
      target: '<=2000',
      unit: 'ms',
      compare: { node_dist_main: e, npm_run_serve: n },
      note: 'spawn of node apps/server/dist/main.js to /api/config 200; `npm start` also rebuilds first',
    });
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
