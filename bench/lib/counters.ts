/**
 * What a load costs the shared services, read from their own counters: PostgreSQL's per-database
 * statistics (transactions and rows written) and Redis's per-command call counts. Both are
 * server-wide views, so the bench reads them on a scratch database and, for Redis, is meant to be
 * given a Redis of its own (another client's commands would be counted too).
 */
import { Redis } from 'ioredis';
import pg from 'pg';

export interface DbWrites {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
}

/**
 * The database's write counters. A backend reports its statistics when a transaction ends (at
 * most once a second) or when it exits, so read them after the writers have stopped or been idle
 * past PostgreSQL's idle report interval (10 s).
 */
export async function dbWrites(url: string): Promise<DbWrites> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ c: string; i: string; u: string; d: string }>(
      `SELECT xact_commit AS c, tup_inserted AS i, tup_updated AS u, tup_deleted AS d
         FROM pg_stat_database WHERE datname = current_database()`,
    );
    const row = r.rows[0]!;
    return {
      commits: Number(row.c),
      inserted: Number(row.i),
      updated: Number(row.u),
      deleted: Number(row.d),
    };
  } finally {
    await client.end();
  }
}

export const dbWritesDelta = (a: DbWrites, b: DbWrites): DbWrites => ({
  commits: b.commits - a.commits,
  inserted: b.inserted - a.inserted,
  updated: b.updated - a.updated,
  deleted: b.deleted - a.deleted,
});

/** Calls per Redis command since the server started (commands a script runs are counted too). */
export async function redisCalls(url: string): Promise<Map<string, number>> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const text = await redis.info('commandstats');
    const calls = new Map<string, number>();
    for (const m of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(m[1]!, Number(m[2]));
    return calls;
  } finally {
    redis.disconnect();
  }
}

/** The calls made between two readings, by command, without the readings' own INFO. */
export function redisCallsDelta(a: Map<string, number>, b: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [cmd, n] of b) {
    if (cmd === 'info') continue;
    const d = n - (a.get(cmd) ?? 0);
    if (d > 0) out.set(cmd, d);
  }
  return out;
}

/**
 * CPU milliseconds spent so far by the PostgreSQL backends serving the database (same machine
 * only: read from /proc), by process id, so a backend that started in between counts from zero.
 */
export async function dbBackendCpuMs(
  url: string,
  cpuMs: (pid: number) => number,
): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return new Map(r.rows.map(({ pid }) => [pid, cpuMs(pid)]));
  } finally {
    await client.end();
  }
}

/** CPU seconds Redis has used (user + system) since it started. */
export async function redisCpuSeconds(url: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const text = await redis.info('cpu');
    const get = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(text)?.[1] ?? 0);
    return get('used_cpu_user') + get('used_cpu_sys');
  } finally {
    redis.disconnect();
  }
}
