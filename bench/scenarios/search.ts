/**
 * Search at size: one user with BENCH_SEARCH_MESSAGES messages (default 1,000,000) in
 * conversations of 50, a quarter of the texts Chinese or Japanese, on embedded PGlite and, with
 * BENCH_DATABASE_URL, on PostgreSQL. The app's own migrations make the store; messages are loaded
 * with set-based INSERT … SELECT generate_series while the GIN index is dropped (each row's
 * tsvector computed by the migration's trigger), then the index is built once, timed. The search
 * service is called without HTTP, in a process of its own with the server's Node flags
 * (search-measure.ts), sequentially, after a warm-up of every query three times (reported beside
 * the figures): p95 of a first page for CJK queries (1, 2 and 3 characters, a frequent and a rare
 * one) and for Latin ones (a word, a rare word, two words).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
// Types only (erased at run time): the app's modules declare the services that the search
// service's imports use (the same program the server is checked as).
import type {} from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { emit, note } from '../lib/figures.js';
import { rng } from '../lib/replies.js';
import { scratchDatabase } from '../lib/seed.js';
import { now, ROOT, SERVE, tempDir } from '../lib/server.js';
import type { Measured } from './search-measure.js';

const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES || 1_000_000);
const PER_CONVO = 50;
const TEXTS = 1000;

/** The one user whose messages are searched. */
export const SEARCH_USER = '00000000-0000-4000-8000-00000000b001';

export const CJK_QUERIES = ['数据', '数据库', '麒麟', '学', '東京', 'データベース'];
export const LATIN_QUERIES = ['latency', 'kumquat', 'stream buffer', 'café render'];

const LATIN = (
  'the of and to in is that for it as with was on be by this are at from or an have not but which ' +
  'you one all were can there their has more when will would about into if so what them some other ' +
  'request response stream token server client latency buffer frame socket event message value ' +
  'render layout component state effect query index database schema migration naïve café über'
).split(' ');
const ZH = (
  '我们 你们 数据 数据库 服务器 客户端 请求 响应 问题 方法 时间 今天 学习 学生 大学 北京 上海 ' +
  '中国 模型 文本 搜索 结果 用户 系统 网络 程序 代码 测试 性能 索引 查询 延迟 缓存 内存 可以 ' +
  '因为 所以 但是 如果 一个 这个 那个 没有 非常 重要 简单 需要 使用 进行 通过 已经'
).split(' ');
const JA = (
  'わたし データベース サーバー 東京 日本語 勉強 検索 結果 今日 明日 とても 大切 です ます ' +
  'して いる ある こと もの ため から まで テスト 性能 問題 方法 時間 学生 先生 会社'
).split(' ');

/** The text table: English sentences, and one in four Chinese or Japanese; a rare word each. */
function texts(): string[] {
  const next = rng(7);
  const pick = (list: string[]) => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: TEXTS }, (_, i) => {
    if (i % 4 === 1) {
      const words = Array.from({ length: 12 + Math.floor(next() * 40) }, () => pick(i % 8 === 1 ? ZH : JA));
      if (i === 501) words.splice(5, 0, '麒麟');
      return words.map((w, k) => (k % 9 === 8 ? `${w}，` : w)).join('') + '。';
    }
    const words = Array.from({ length: 8 + Math.floor(next() * 32) }, () => pick(LATIN));
    if (i === 500) words.splice(3, 0, 'kumquat');
    const s = words.join(' ');
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
  });
}

export async function search(): Promise<void> {
  await runOn('pglite');
  if (process.env.BENCH_DATABASE_URL) await runOn('postgres');
  else {
    for (const f of ['cjk_p95_ms', 'latin_p95_ms']) {
      emit({
        figure: `search.postgres.${f}`,
        value: null,
        target: '<=20',
        unit: 'ms',
        note: 'not run: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
      });
    }
  }
}

async function runOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const dir = kind === 'pglite' ? tempDir('search') : null;
  const scratch = kind === 'postgres' ? await scratchDatabase(process.env.BENCH_DATABASE_URL!) : undefined;
  const database = await openDatabase({ url: scratch?.url, dataDir: dir });
  let open = true;
  try {
    const db = database.db;
    const run = (q: string) => db.execute(sql.raw(q));
    const all = texts();
    const userId = SEARCH_USER;
    await run(
      `INSERT INTO users (id, name, email) VALUES ('${userId}', 'Bench', 'bench-search@example.test')`,
    );
    await run('CREATE TABLE bench_texts (id int PRIMARY KEY, t text NOT NULL)');
    const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
    await run(`INSERT INTO bench_texts (id, t) VALUES ${all.map((t, i) => `(${i}, ${lit(t)})`).join(',')}`);
    const convos = Math.ceil(MESSAGES / PER_CONVO);
    const base = `timestamptz '2025-01-01 00:00:00+00'`;
    note(`search.${kind}: loading ${MESSAGES} messages in ${convos} conversations`);
    let t0 = now();
    await run(`
      INSERT INTO conversations (conversation_id, user_id, title, endpoint, model, options, created_at, updated_at)
      SELECT md5('bench-c-' || c)::uuid, '${userId}', 'Chat ' || c || ': ' || left(t.t, 30), 'openAI',
             'gpt-4o-mini', '{}'::jsonb, ${base} + c * interval '1 minute',
             ${base} + c * interval '1 minute' + ${PER_CONVO} * interval '1 second'
      FROM generate_series(0, ${convos - 1}) c JOIN bench_texts t ON t.id = c % ${TEXTS}`);
    await run('DROP INDEX messages_text_tsv_idx');
    const batch = 100_000;
    for (let m0 = 0; m0 < MESSAGES; m0 += batch) {
      const m1 = Math.min(MESSAGES, m0 + batch);
      await run(`
        INSERT INTO messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
          is_created_by_user, endpoint, model, finish_reason, created_at, updated_at)
        SELECT md5('bench-m-' || g)::uuid, md5('bench-c-' || (g / ${PER_CONVO}))::uuid, '${userId}',
               CASE WHEN g % ${PER_CONVO} = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid
                    ELSE md5('bench-m-' || (g - 1))::uuid END,
               CASE WHEN g % 2 = 0 THEN 'User' ELSE 'OpenAI' END,
               CASE WHEN g % 2 = 0 THEN t1.t ELSE t1.t || E'\\n\\n' || t2.t END,
               g % 2 = 0, 'openAI', 'gpt-4o-mini', CASE WHEN g % 2 = 1 THEN 'stop' END,
               ${base} + (g / ${PER_CONVO}) * interval '1 minute' + (g % ${PER_CONVO}) * interval '1 second',
               ${base} + (g / ${PER_CONVO}) * interval '1 minute' + (g % ${PER_CONVO}) * interval '1 second'
        FROM generate_series(${m0}, ${m1 - 1}) g
        JOIN bench_texts t1 ON t1.id = (g * 31) % ${TEXTS}
        JOIN bench_texts t2 ON t2.id = (g * 17 + 1) % ${TEXTS}`);
      note(`search.${kind}: ${m1} messages, ${((now() - t0) / 1000).toFixed(0)} s`);
    }
    const loadMs = now() - t0;
    t0 = now();
    await run('CREATE INDEX messages_text_tsv_idx ON messages USING gin (text_tsv)');
    const indexMs = now() - t0;
    await run('DROP TABLE bench_texts');
    if (kind === 'postgres') await run('VACUUM ANALYZE');
    // Searched as the server searches: in a process of its own with the server's Node flags and
    // environment (its young generation's size sets how long each collection pauses a search),
    // on the store opened again (its shared buffers sized by the store it now is, db/buffers.ts).
    await database.close();
    open = false;
    note(
      `search.${kind}: loaded in ${(loadMs / 1000).toFixed(0)} s, GIN index built in ${(indexMs / 1000).toFixed(0)} s`,
    );
    const r = await measureApart(kind === 'postgres' ? { url: scratch!.url } : { dataDir: dir! });
    const common = {
      messages: MESSAGES,
      samples: r.samples,
      load_s: loadMs / 1000,
      gin_build_s: indexMs / 1000,
      shared_buffers: r.sharedBuffers,
      node_flags: SERVE.flags.join(' '),
      warm_up_ms: r.warmUp,
    };
    for (const [name, queries] of [
      ['cjk', CJK_QUERIES],
      ['latin', LATIN_QUERIES],
    ] as const) {
      const set = r.sets[name];
      emit({
        figure: `search.${kind}.${name}_p95_ms`,
        value: set.latency_ms.p95,
        target: '<=20',
        unit: 'ms',
        compare: { ...common, queries, ...set },
        note: 'first page (25 hits), in a process with the server’s flags, queries rotated',
      });
    }
  } finally {
    if (open) await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

/** Runs search-measure.ts in a process of its own and returns what it prints. */
function measureApart(store: { url?: string; dataDir?: string }): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...SERVE.flags, '--import', 'tsx', join(ROOT, 'bench/scenarios/search-measure.ts')],
      {
        cwd: ROOT,
        env: { ...process.env, ...SERVE.env, BENCH_SEARCH_STORE: JSON.stringify(store) },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`search-measure exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Measured);
      } catch (err) {
        reject(err as Error);
      }
    });
  });
}
