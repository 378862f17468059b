import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../src/db/client.js';
import { adminQuery } from '../support/database.js';

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
      if (base && name) await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Starts the server on `store` with the fake upstream as its OpenAI endpoint; resolves once it listens. */
export async function startServer(
  store: Store,
  fakeUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: store.dataDir,
      ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      OPENAI_API_KEY: 'x',
      OPENAI_REVERSE_PROXY: fakeUrl,
      OPENAI_MODELS: 'gpt-4o-mini',
      TITLE_CONVO: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal });
    }),
  );

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    const check = () => {
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve(m[1]!);
    };
    child.stdout.on('data', check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });

  return {
    url,
    pid: child.pid!,
    exited,
    output: () => out,
    signal: (sig) => void child.kill(sig),
  };
}

/** Runs the server with only `env` (and PATH, HOME) until it exits on its own: start-up failures. */
export async function runToExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  started.delete(child);
  return { code, output };
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
