/**
 * Starting and stopping the built server (apps/server/dist/main.js) on 127.0.0.1, reading its
 * memory and CPU from /proc, and a small keep-alive JSON client for its API.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { note } from './figures.js';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
/** BENCH_SERVER_MAIN: another build's main.js (a kept copy of the previous build, for before/after). */
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN
  ? resolve(process.env.BENCH_SERVER_MAIN)
  : join(ROOT, 'apps/server/dist/main.js');
/**
 * How the product starts its server: the environment and Node flags of `npm run serve`
 * (package.json, which `npm start` and the Dockerfile repeat; config/deploy-files.test.ts keeps
 * them equal), so each figure is the server's as it runs (docs/decisions.md, "The young
 * generation" and "malloc's arenas"). `VAR=${VAR:-default}` gives the default here.
 */
export const SERVE = serveCommand();
const SERVE_NODE_FLAGS = SERVE.flags;
const SERVE_ENV = SERVE.env;

function serveCommand(): { env: Record<string, string>; flags: string[] } {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const m = /^((?:[A-Z_]+=\S+\s+)*)exec node((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js\b/.exec(
    pkg.scripts.serve ?? '',
  );
  if (!m)
    throw new Error(
      'package.json: "serve" is not `[VAR=value ...] exec node [--flags] apps/server/dist/main.js`',
    );
  // `${VAR:-default}`: the default, as the shell gives it when VAR is unset.
  const env = assignments(m[1]!, (value) => /^\$\{[A-Z_]+:-(.*)\}$/.exec(value)?.[1] ?? value);
  return { env, flags: m[2]!.split(/\s+/).filter(Boolean) };
}

/** `NAME=value` words separated by spaces, as a record (words without `=` are left out). */
function assignments(text: string, valueOf: (value: string) => string = (v) => v): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of text.split(/\s+/)) {
    const eq = word.indexOf('=');
    if (eq > 0) env[word.slice(0, eq)] = valueOf(word.slice(eq + 1));
  }
  return env;
}
/** The client inside the current build (apps/server/dist links to apps/server/.builds/<id>). */
const WEB_INDEX = join(ROOT, 'apps/server/dist/web/index.html');

/** Monotonic milliseconds, the same clock in every process of the machine (CLOCK_MONOTONIC). */
export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Builds the app if there is no build yet. A build replaces the previous one in one step
 * (tools/build/build.mjs) and builders take turns, so there is nothing to wait for.
 */
export async function ensureBuilt(): Promise<void> {
  if (existsSync(SERVER_MAIN) && existsSync(WEB_INDEX)) return;
  note('no build: running npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** Every server still running, so an interrupted run leaves none behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const proc of running) {
    for (const pid of descendants(proc.pid!)) signal(pid, 'SIGKILL');
    proc.kill('SIGKILL');
  }
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => process.exit(130));

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `bench-${label}-`));
}

/** The one model each endpoint the bench configures offers. */
export const BENCH_MODELS = {
  openAI: 'gpt-4o-mini',
  anthropic: 'claude-haiku-4-5',
  google: 'gemini-2.5-flash',
} as const;
export type BenchEndpoint = keyof typeof BENCH_MODELS;

export interface ServerOptions {
  /** The OpenAI fake: the openAI endpoint's OPENAI_REVERSE_PROXY. */
  fakeUrl: string;
  /** Fakes of the other protocols: the anthropic and google endpoints are configured on them. */
  anthropicUrl?: string;
  geminiUrl?: string;
  /** PGlite folder; a temp one when neither this nor databaseUrl is given. */
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Command to run instead of `node dist/main.js` (e.g. npm run serve). */
  command?: [string, ...string[]];
}

export interface ServerHandle {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** Milliseconds from spawn to the first 200 of /api/config. */
  readyMs: number;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns the built server and resolves once /api/config answers 200. */
export async function startServer(opts: ServerOptions): Promise<ServerHandle> {
  await ensureBuilt();
  const port = await freePort();
  const dataDir = opts.dataDir ?? tempDir('data');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    OPENAI_API_KEY: 'bench',
    OPENAI_REVERSE_PROXY: opts.fakeUrl,
    OPENAI_MODELS: BENCH_MODELS.openAI,
    ...(opts.anthropicUrl
      ? {
          ANTHROPIC_API_KEY: 'bench',
          ANTHROPIC_REVERSE_PROXY: opts.anthropicUrl,
          ANTHROPIC_MODELS: BENCH_MODELS.anthropic,
        }
      : {}),
    ...(opts.geminiUrl
      ? { GOOGLE_KEY: 'bench', GOOGLE_REVERSE_PROXY: opts.geminiUrl, GOOGLE_MODELS: BENCH_MODELS.google }
      : {}),
    LOG_LEVEL: 'warn',
    TITLE_CONVO: 'false',
    LOGIN_MAX: '100000',
    // Every simulated user sends from 127.0.0.1, many replies at once: no message limits.
    LIMIT_MESSAGE_IP: 'false',
    LIMIT_CONCURRENT_MESSAGES: 'false',
    ...SERVE_ENV,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    // BENCH_SERVER_ENV: more variables for the server ("MALLOC_ARENA_MAX=2 UV_THREADPOOL_SIZE=2").
    ...assignments(process.env.BENCH_SERVER_ENV ?? ''),
    ...opts.env,
  };
  // BENCH_SERVER_NODE_ARGS: for profiling a scenario's server ("--cpu-prof --cpu-prof-dir=/tmp/p");
  // after the product's own flags, so one given again there wins.
  const nodeArgs = [
    ...SERVE_NODE_FLAGS,
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const [cmd, ...args] = opts.command ?? [process.execPath, ...nodeArgs, SERVER_MAIN];
  const t0 = now();
  // BENCH_SERVER_LOG: a file the server's log (its standard output) is appended to, to read what an
  // error figure's failures were.
  const logTo = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
  const proc = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', logTo, 'pipe'] });
  if (typeof logTo === 'number') closeSync(logTo);
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  let exited = false;
  running.add(proc);
  proc.once('exit', () => {
    exited = true;
    running.delete(proc);
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error(`server exited during start-up:\n${stderr}`);
    if (now() - t0 > 120_000) {
      proc.kill('SIGKILL');
      throw new Error(`server not ready after 120 s:\n${stderr}`);
    }
    const ok = await probe(`${url}/api/config`);
    if (ok) break;
    await sleep(5);
  }
  const readyMs = now() - t0;
  return {
    url,
    port,
    pid: proc.pid!,
    dataDir,
    readyMs,
    proc,
    async stop() {
      if (exited) return;
      // Under `npm run …` the server is a grandchild: signal it, not just npm.
      const inner = [...descendants(proc.pid!)].filter((pid) => isServer(pid));
      const done = new Promise<void>((r) => proc.once('exit', () => r()));
      for (const pid of inner) signal(pid, 'SIGTERM');
      proc.kill('SIGTERM');
      const timer = setTimeout(() => {
        for (const pid of inner) signal(pid, 'SIGKILL');
        proc.kill('SIGKILL');
      }, 30_000);
      await done;
      for (let i = 0; i < 300 && inner.some(alive); i++) await sleep(100);
      clearTimeout(timer);
    },
  };
}

function isServer(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/main.js');
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

function probe(url: string): Promise<boolean> {
  return new Promise((res) => {
    const req = httpRequest(url, { agent: false, timeout: 1000 }, (r) => {
      r.resume();
      r.on('end', () => res(r.statusCode === 200));
    });
    req.on('error', () => res(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** The process that listens: with `npm run …` it is a descendant of the spawned pid. */
export function serverPidOf(handle: ServerHandle): number {
  return [handle.pid, ...descendants(handle.pid)].reverse().find(isServer) ?? handle.pid;
}

function descendants(pid: number): number[] {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return kids.flatMap((k) => [Number(k), ...descendants(Number(k))]);
  } catch {
    return [];
  }
}

/** Resident set size of a process in KiB (VmRSS). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return m ? Number(m[1]) : NaN;
}

/** CPU time (user + system) a process has used, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  bytes: number;
  ms: number;
}

/**
 * One JSON request over the keep-alive agent. A GET sent on a kept socket that the server closed
 * as it went out (its keep-alive timeout, 72 s in Fastify, ends exactly then) fails with a reset
 * or "socket hang up" before any answer; that one is sent again on a new socket, as a browser
 * does. Anything else fails the request.
 */
export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; agent?: Agent; raw?: boolean } = {},
): Promise<ApiResponse<T>> {
  try {
    return await apiOnce<T>(base, method, path, opts);
  } catch (err) {
    if (!(err instanceof StaleSocket) || (method !== 'GET' && method !== 'HEAD')) throw err;
    return apiOnce<T>(base, method, path, opts);
  }
}

/** A request that failed on a reused keep-alive socket before any answer came. */
class StaleSocket extends Error {}

function apiOnce<T>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; agent?: Agent; raw?: boolean },
): Promise<ApiResponse<T>> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const t0 = now();
  return new Promise((res, rej) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent: opts.agent ?? keepAlive }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => {
        const buf = Buffer.concat(chunks);
        const ms = now() - t0;
        // raw: the bytes as they came, read later (a large body parsed here would hold this
        // process's thread while it measures something else).
        if (opts.raw) return res({ status: r.statusCode ?? 0, body: buf as T, bytes: buf.length, ms });
        let body: unknown = buf.toString('utf8');
        if ((r.headers['content-type'] ?? '').includes('json')) {
          try {
            body = JSON.parse(body as string);
          } catch {
            // leave as text
          }
        }
        res({ status: r.statusCode ?? 0, body: body as T, bytes: buf.length, ms });
      });
      r.on('error', rej);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      const dropped = err.code === 'ECONNRESET' || err.message === 'socket hang up';
      rej(req.reusedSocket && dropped ? new StaleSocket(err.message, { cause: err }) : err);
    });
    req.end(payload);
  });
}

export interface Account {
  token: string;
  userId: string;
  email: string;
  password: string;
}

export async function register(base: string, label = 'bench'): Promise<Account> {
  const id = Math.random().toString(36).slice(2, 10);
  const email = `${label}-${id}@example.com`;
  const password = 'bench-password-123';
  const r = await api<{ token: string; user: { id: string } }>(base, 'POST', '/api/auth/register', {
    body: { name: `Bench ${id}`, email, password, confirm_password: password },
  });
  if (r.status !== 200) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.token, userId: r.body.user.id, email, password };
}

export async function login(base: string, account: Pick<Account, 'email' | 'password'>): Promise<string> {
  const r = await api<{ token: string }>(base, 'POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}
