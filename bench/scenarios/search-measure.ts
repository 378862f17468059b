/**
 * The search scenario's measuring half, run by search.ts in a process of its own with the server's
 * Node flags and environment: opens the loaded store (BENCH_SEARCH_STORE, JSON `{ url }` or
 * `{ dataDir }`), warms it with every query WARM_ROUNDS times, then searches each set of queries
 * BENCH_SEARCH_SAMPLES times, rotated, and prints one JSON line (`Measured`).
 */
import { sql } from 'drizzle-orm';
// Types only (erased at run time): the app's modules declare the services that the search
// service's imports use (the same program the server is checked as).
import type {} from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createSearchRepo } from '../../apps/server/src/features/search/repo.js';
import { createSearchService } from '../../apps/server/src/features/search/service.js';
import { summary, type Summary } from '../lib/figures.js';
import { now } from '../lib/server.js';
import { CJK_QUERIES, LATIN_QUERIES, SEARCH_USER } from './search.js';

const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES || 60);
/**
 * The first searches of a process run before the store's code is compiled for speed and its
 * pages are in memory (30–45 ms each for the first twenty or so at a million messages): the
 * figures are a running server's, and the warm-up is reported beside them.
 */
const WARM_ROUNDS = 3;

interface QuerySet {
  latency_ms: Summary;
  p95_ms_by_query: Record<string, number>;
  first_page_messages: Record<string, number>;
}
export interface Measured {
  samples: number;
  sharedBuffers: string | undefined;
  warmUp: Summary;
  sets: { cjk: QuerySet; latin: QuerySet };
}

const store = JSON.parse(process.env.BENCH_SEARCH_STORE ?? '{}') as { url?: string; dataDir?: string };
const database = await openDatabase({ url: store.url, dataDir: store.dataDir ?? null });
try {
  const buffers = (await database.db.execute<{ shared_buffers: string }>(sql`SHOW shared_buffers`)).rows[0]
    ?.shared_buffers;
  const service = createSearchService({ repo: createSearchRepo(database.db) });
  const warm: number[] = [];
  for (let r = 0; r < WARM_ROUNDS; r++) {
    for (const q of [...CJK_QUERIES, ...LATIN_QUERIES]) {
      const t = now();
      await service.search(SEARCH_USER, q, 1);
      warm.push(now() - t);
    }
  }
  const measure = async (queries: readonly string[]): Promise<QuerySet> => {
    const times: number[] = [];
    const each: Record<string, number[]> = {};
    const hits: Record<string, number> = {};
    for (let i = 0; i < SAMPLES; i++) {
      const q = queries[i % queries.length]!;
      const t = now();
      const page = await service.search(SEARCH_USER, q, 1);
      times.push(now() - t);
      (each[q] ??= []).push(now() - t);
      hits[q] = page.messages.length;
      if (page.messages.length === 0) throw new Error(`search: "${q}" found nothing`);
    }
    const perQuery = Object.fromEntries(Object.entries(each).map(([q, v]) => [q, summary(v).p95]));
    return { latency_ms: summary(times), p95_ms_by_query: perQuery, first_page_messages: hits };
  };
  const out: Measured = {
    samples: SAMPLES,
    sharedBuffers: buffers,
    warmUp: summary(warm),
    sets: { cjk: await measure(CJK_QUERIES), latin: await measure(LATIN_QUERIES) },
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
} finally {
  await database.close();
}
