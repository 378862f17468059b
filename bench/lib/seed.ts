/**
 * Bulk data for one user, written straight into the app's database with set-based SQL
 * (generate_series), so the same statements load embedded PGlite and PostgreSQL. Every
 * conversation is one linear branch: message p answers message p-1, user and assistant turns
 * alternate, oldest first. Ids are derived from md5 of (conversation, position), so they are
 * stable across runs. The server must have created the schema (start it once on the store first).
 */
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { join } from 'node:path';
import { note } from './figures.js';
import { rng } from './replies.js';
import { now } from './server.js';

export type Exec = (sql: string) => Promise<unknown>;

export interface SeedPlan {
  userId: string;
  conversations: number;
  messages: number;
  /** Sizes of the first conversations (c = 0, 1, …); the rest share what is left. */
  longConvos: number[];
}

export interface Seeded {
  /** Conversation id of each long conversation, in plan order. */
  longIds: string[];
  /** The text of the last message of each long conversation. */
  longLastTexts: string[];
  ms: number;
}

const TEXTS = 997;
const WORDS = (
  'the of and to in is that for it as with was on be by this are at from or an have not but which ' +
  'you one all were can there their has more when will would about into if so what them some other ' +
  'than its out only then time could these two may first any new like our over such way even most ' +
  'request response stream token server client latency buffer frame socket event message value ' +
  'render layout component state effect query index database schema migration naïve café über'
).split(' ');

/** The text table: sentences of 8–40 words with a little Markdown; text 500 has a rare word. */
function texts(): string[] {
  const next = rng(42);
  const out: string[] = [];
  for (let i = 0; i < TEXTS; i++) {
    const n = 8 + Math.floor(next() * 32);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    if (i === 500) words.splice(3, 0, 'kumquat');
    if (i % 7 === 0) words[1] = `**${words[1]}**`;
    if (i % 11 === 0) words[2] = `\`${words[2]}\``;
    const s = words.join(' ');
    out.push(`${s[0]!.toUpperCase()}${s.slice(1)}.`);
  }
  return out;
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The texts of message p of conversation c, mirrored from the SQL below. */
function messageText(all: string[], c: number, p: number): string {
  const t1 = all[(c * 31 + p) % TEXTS]!;
  if (p % 2 === 0) return t1;
  return `${t1}\n\n${all[(c * 17 + p * 7 + 1) % TEXTS]!}\n\n${all[(c * 13 + p * 3 + 2) % TEXTS]!}`;
}

export async function seed(exec: Exec, plan: SeedPlan): Promise<Seeded> {
  const t0 = now();
  if (!/^[0-9a-f-]{36}$/.test(plan.userId)) throw new Error('bad user id');
  const user = `'${plan.userId}'::uuid`;
  const long = plan.longConvos.slice(0, plan.conversations);
  const rest = plan.conversations - long.length;
  const restMessages = Math.max(0, plan.messages - long.reduce((a, b) => a + b, 0));
  const per = rest > 0 ? Math.floor(restMessages / rest) : 0;
  const extra = rest > 0 ? restMessages - per * rest : 0;
  const countExpr =
    `(CASE ${long.map((n, i) => `WHEN c = ${i} THEN ${n}`).join(' ')} ` +
    `ELSE ${per} + (CASE WHEN c - ${long.length} < ${extra} THEN 1 ELSE 0 END) END)`;
  const all = texts();

  await exec('DROP TABLE IF EXISTS bench_texts');
  await exec('CREATE TABLE bench_texts (id int PRIMARY KEY, t text NOT NULL)');
  await exec(`INSERT INTO bench_texts (id, t) VALUES ${all.map((t, i) => `(${i}, ${q(t)})`).join(',')}`);

  const base = `timestamptz '2025-01-01 00:00:00+00'`;
  await exec(`
    INSERT INTO conversations (conversation_id, user_id, title, endpoint, model, options, created_at, updated_at)
    SELECT md5('bench-c-' || c)::uuid, ${user},
           'Chat ' || c || ': ' || left(t.t, 40), 'openAI', 'gpt-4o-mini', '{}'::jsonb,
           ${base} + c * interval '1 minute',
           ${base} + c * interval '1 minute' + ${countExpr} * interval '1 second'
    FROM generate_series(0, ${plan.conversations - 1}) c
    JOIN bench_texts t ON t.id = c % ${TEXTS}`);

  // Batches of about 50,000 messages; each long conversation goes alone.
  const batches: [number, number][] = long.map((_, i) => [i, i + 1]);
  const step = Math.max(1, Math.floor(50_000 / Math.max(1, per + 1)));
  for (let c = long.length; c < plan.conversations; c += step) {
    batches.push([c, Math.min(plan.conversations, c + step)]);
  }
  let done = 0;
  let lastNote = now();
  for (const [c0, c1] of batches) {
    await exec(`
      INSERT INTO messages (message_id, conversation_id, user_id, parent_message_id, sender, text,
        is_created_by_user, endpoint, model, error, unfinished, is_edited, finish_reason, created_at, updated_at)
      SELECT md5('bench-m-' || c || '-' || p)::uuid, md5('bench-c-' || c)::uuid, ${user},
             CASE WHEN p = 0 THEN '00000000-0000-0000-0000-000000000000'::uuid
                  ELSE md5('bench-m-' || c || '-' || (p - 1))::uuid END,
             CASE WHEN p % 2 = 0 THEN 'User' ELSE 'OpenAI' END,
             CASE WHEN p % 2 = 0 THEN t1.t ELSE t1.t || E'\\n\\n' || t2.t || E'\\n\\n' || t3.t END,
             p % 2 = 0, 'openAI', 'gpt-4o-mini', false, false, false,
             CASE WHEN p % 2 = 1 THEN 'stop' END,
             ${base} + c * interval '1 minute' + p * interval '1 second',
             ${base} + c * interval '1 minute' + p * interval '1 second'
      FROM generate_series(${c0}, ${c1 - 1}) c
      CROSS JOIN LATERAL generate_series(0, ${countExpr} - 1) p
      JOIN bench_texts t1 ON t1.id = (c * 31 + p) % ${TEXTS}
      JOIN bench_texts t2 ON t2.id = (c * 17 + p * 7 + 1) % ${TEXTS}
      JOIN bench_texts t3 ON t3.id = (c * 13 + p * 3 + 2) % ${TEXTS}`);
    done = c1;
    if (now() - lastNote > 15_000) {
      lastNote = now();
      note(`seed: ${done}/${plan.conversations} conversations, ${((now() - t0) / 1000).toFixed(0)} s`);
    }
  }
  await exec('DROP TABLE bench_texts');

  const longIds = long.map((_, i) => md5Uuid(`bench-c-${i}`));
  const longLastTexts = long.map((n, i) => messageText(all, i, n - 1));
  return { longIds, longLastTexts, ms: now() - t0 };
}

/** md5(text)::uuid as PostgreSQL computes it. */
function md5Uuid(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
/** Opens the server's PGlite store (the server must be stopped) and runs `fn` with an Exec. */
export async function withPglite<T>(dataDir: string, fn: (exec: Exec) => Promise<T>): Promise<T> {
  const db = await PGlite.create(join(dataDir, 'pglite'));
  try {
    return await fn((s) => db.exec(s));
  } finally {
    await db.close();
  }
}

export async function withPostgres<T>(url: string, fn: (exec: Exec) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await fn((s) => pool.query(s));
  } finally {
    await pool.end();
  }
}

/** Creates a fresh database next to the one `url` names; returns its URL and a drop function. */
export async function scratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const pool = new pg.Pool({ connectionString: admin.toString(), max: 1 });
  await pool.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await pool.end();
    },
  };
}
