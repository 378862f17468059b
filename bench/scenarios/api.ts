/**
 * API at size: one user with BENCH_CONVERSATIONS conversations and BENCH_MESSAGES messages
 * (the first long conversation has BENCH_LONG_CONVOS[0] messages), on embedded PGlite and, with
 * BENCH_DATABASE_URL, on PostgreSQL. Sequential requests over a keep-alive connection, as one
 * browser tab makes them; p95 of the server's answer time as the client sees it.
 */
import { emit, note, percentile, summary } from '../lib/figures.js';
import { startFake, type FakeHandle } from '../lib/fake.js';
import { knobs } from '../lib/knobs.js';
import { scratchDatabase, seed, withPglite, withPostgres } from '../lib/seed.js';
import { api as request, login, register, removeDir, startServer, tempDir } from '../lib/server.js';

const SEARCH_QUERIES = ['latency', 'kumquat', 'stream buffer', 'café render'];

export async function api(): Promise<void> {
  const fake = await startFake();
  try {
    await runOn('pglite', fake);
    if (knobs.databaseUrl) await runOn('postgres', fake);
    else {
      for (const f of ['convos_first_page_p95_ms', 'messages_long_convo_p95_ms', 'search_p95_ms']) {
        emit({
          figure: `api.postgres.${f}`,
          value: null,
          target: f.startsWith('convos') ? '<=15' : '<=60',
          unit: 'ms',
          note: 'not run: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
        });
      }
    }
  } finally {
    await fake.close();
  }
}

async function runOn(kind: 'pglite' | 'postgres', fake: FakeHandle): Promise<void> {
  const dataDir = tempDir(`api-${kind}`);
  const scratch = kind === 'postgres' ? await scratchDatabase(knobs.databaseUrl!) : undefined;
  const serverOpts = { fakeUrl: fake.url, dataDir, ...(scratch ? { databaseUrl: scratch.url } : {}) };
  try {
    let server = await startServer(serverOpts);
    const account = await register(server.url, 'api');
    await server.stop();

    const plan = {
      userId: account.userId,
      conversations: knobs.conversations,
      messages: knobs.messages,
      longConvos: knobs.longConvos,
    };
    note(`api.${kind}: seeding ${plan.conversations} conversations, ${plan.messages} messages`);
    const seeded =
      kind === 'pglite'
        ? await withPglite(dataDir, (exec) => seed(exec, plan))
        : await withPostgres(scratch!.url, async (exec) => {
            const r = await seed(exec, plan);
            // What autovacuum would have done by the time a database holds this much.
            await exec('VACUUM ANALYZE');
            return r;
          });
    note(`api.${kind}: seeded in ${(seeded.ms / 1000).toFixed(0)} s`);

    server = await startServer(serverOpts);
    try {
      const token = await login(server.url, account);
      // Each request is followed by one to /api/config (no database, no auth): its p95, measured
      // interleaved in the same run, is the floor this machine gave any request at that moment.
      const sample = async (path: string | (() => string), check: (body: unknown) => boolean) => {
        const times: number[] = [];
        const floor: number[] = [];
        const pathOf = typeof path === 'string' ? () => path : path;
        for (let i = 0; i < 10 + knobs.apiSamples; i++) {
          const r = await request(server.url, 'GET', pathOf(), { token });
          if (r.status !== 200 || !check(r.body)) {
            throw new Error(`${pathOf()} answered ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`);
          }
          const f = await request(server.url, 'GET', '/api/config');
          if (i >= 10) {
            times.push(r.ms);
            floor.push(f.ms);
          }
        }
        return { ...summary(times), floor_p95: percentile(floor, 95) };
      };
      const longId = seeded.longIds[0];
      const longSize = knobs.longConvos[0] ?? 0;
      const common = {
        conversations: knobs.conversations,
        messages: knobs.messages,
        samples: knobs.apiSamples,
        seed_s: seeded.ms / 1000,
      };

      const convos = await sample('/api/convos?pageNumber=1', (b) => {
        const page = b as { conversations?: unknown[] };
        return Array.isArray(page.conversations) && page.conversations.length > 0;
      });
      emit({
        figure: `api.${kind}.convos_first_page_p95_ms`,
        value: convos.p95,
        target: '<=15',
        unit: 'ms',
        compare: { ...common, latency_ms: convos },
      });

      if (longId) {
        const msgs = await sample(
          `/api/messages/${longId}`,
          (b) => Array.isArray(b) && b.length === longSize,
        );
        emit({
          figure: `api.${kind}.messages_long_convo_p95_ms`,
          value: msgs.p95,
          target: '<=60',
          unit: 'ms',
          compare: { ...common, conversation_messages: longSize, latency_ms: msgs },
        });
      }

      const probe = await request(server.url, 'GET', '/api/search?q=latency', { token });
      if (probe.status === 404) {
        emit({
          figure: `api.${kind}.search_p95_ms`,
          value: null,
          target: '<=60',
          unit: 'ms',
          note: 'GET /api/search does not exist in this build',
        });
      } else {
        let n = 0;
        const search = await sample(
          () => `/api/search?q=${encodeURIComponent(SEARCH_QUERIES[n++ % SEARCH_QUERIES.length]!)}`,
          (b) => Array.isArray((b as { messages?: unknown }).messages),
        );
        emit({
          figure: `api.${kind}.search_p95_ms`,
          value: search.p95,
          target: '<=60',
          unit: 'ms',
          compare: { ...common, queries: SEARCH_QUERIES, latency_ms: search },
          note: 'first page of hits, queries rotated: common words, a rare word, two-word queries',
        });
      }
    } finally {
      await server.stop();
    }
  } finally {
    removeDir(dataDir);
    await scratch?.drop();
  }
}
