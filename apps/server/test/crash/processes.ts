import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../src/db/client.js';
import { adminQuery, dropDatabase } from '../support/database.js';

/**
 * Real server processes for the crash tests: `node --import tsx src/main.ts` (the same code as the
 * bundle, without a build step that could go stale), on a store that outlives them.
 */
const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const started = new Set<ChildProcess>();

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far (pino JSON lines). */
  output(): string;
  signal(sig: NodeJS.Signals): void;
}

/** Where the app keeps its data across restarts: a temp DATA_DIR, plus a fresh Postgres database with TEST_DATABASE_URL. */
export interface Store {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Opens the store in this process (only while no server process uses a PGlite store). */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

export async function createStore(): Promise<Store> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-crash-'));
  const base = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let name: string | undefined;
  if (base) {
    name = `crash_${randomBytes(5).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    dataDir,
    databaseUrl,
    open: () => openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (base && name) await dropDatabase(base, name);
    },
  };
}

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** `src/main.ts` with only `env` (and PATH, HOME, a loopback address), its output collected. */
function spawnMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, exited, output: () => out };
}

/** Starts the server on `store` with the fake upstream as its OpenAI endpoint; resolves once it listens. */
export async function startServer(
  store: Store,
  fakeUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const { child, exited, output } = spawnMain({
    DATA_DIR: store.dataDir,
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    OPENAI_API_KEY: 'x',
    OPENAI_REVERSE_PROXY: fakeUrl,
    OPENAI_MODELS: 'gpt-4o-mini',
    TITLE_CONVO: 'false',
    LOG_LEVEL: 'info',
    ...env,
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), 60_000);
    const check = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve(m[1]!);
    };
    child.stdout.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output()}`));
    });
  });

  return {
    url,
    pid: child.pid!,
    exited,
    output,
    signal: (sig) => void child.kill(sig),
  };
}

/** Runs the server with only `env` until it exits on its own (start-up failures); killed after `timeoutMs`. */
export async function runToExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const { child, exited, output } = spawnMain(env);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const { code } = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}

/** SIGKILLs the servers a test left running (only processes started here). */
export function killStarted(): void {
  for (const child of started) child.kill('SIGKILL');
}

export async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
