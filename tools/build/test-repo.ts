/**
 * A throw-away copy of the working tree for the build tests: its files (tracked and new, as git
 * lists them) with node_modules linked to ours, so `npm run build` and `npm start` run there
 * exactly as in a checkout without touching this one.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './paths.js';

export function copyWorkingTree(): string {
  const repo = mkdtempSync(join(tmpdir(), 'chat-build-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f && existsSync(join(ROOT, f)));
  for (const f of files) {
    mkdirSync(dirname(join(repo, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(repo, f));
  }
  for (const dir of ['.', 'apps/server', 'apps/web', 'packages/contract', 'tools/fake-upstreams', 'e2e']) {
    const modules = join(ROOT, dir, 'node_modules');
    if (existsSync(modules)) symlinkSync(modules, join(repo, dir, 'node_modules'));
  }
  return repo;
}

/**
 * The environment of a child, as in a person's shell: ours without the npm_config_* a parent npm
 * exported and without Vitest's NODE_ENV=test (Vite would build React's development runtime).
 */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.toLowerCase().startsWith('npm_config_') && !k.startsWith('VITEST') && k !== 'NODE_ENV',
    ),
  );
  return { ...env, npm_config_update_notifier: 'false', ...extra };
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs `npm <args>` in `repo` to its end. */
export function npm(repo: string, args: string[]): Promise<Run> {
  const child = spawn('npm', args, { cwd: repo, env: childEnv({}), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, output })));
}

/** A server started from the copy: `node apps/server/dist/main.js` or an npm script. */
export interface App {
  url: string;
  /** The process that listens (the server itself, also under npm). */
  serverPid: number;
  child: ChildProcess;
  exited: Promise<Run>;
  output(): string;
}

const started = new Set<number>();

export async function startApp(repo: string, dataDir: string, command: string[]): Promise<App> {
  const [cmd, ...args] = command;
  const child = spawn(cmd!, args, {
    cwd: repo,
    env: childEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      TITLE_CONVO: 'false',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<Run>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, output: out })),
  );
  const listening = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server after 120 s:\n${out}`)), 120_000);
    const check = () => {
      const line = out.split('\n').find((l) => l.includes('Server listening at http://127.0.0.1:'));
      if (!line) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      const parsed = JSON.parse(line) as { pid: number; msg: string };
      resolve({ url: /http:\/\/127\.0\.0\.1:\d+/.exec(parsed.msg)![0], pid: parsed.pid });
    };
    child.stdout!.on('data', check);
    void exited.then((r) => {
      clearTimeout(timer);
      reject(new Error(`exited (${r.code ?? r.signal}) before listening:\n${out}`));
    });
  });
  started.add(listening.pid);
  return { url: listening.url, serverPid: listening.pid, child, exited, output: () => out };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILLs the servers the tests started that are still running (by their pid, nothing else). */
export function killStarted(): void {
  for (const pid of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/** The build `apps/server/dist` points at, as a real path. */
export function currentBuild(repo: string): string {
  return dirname(realpathSync(join(repo, 'apps/server/dist/main.js')));
}

/** Changes the web client's entry so that the next build's output differs. */
export function touchWebSource(repo: string, mark: string): void {
  appendFileSync(join(repo, 'apps/web/src/main.tsx'), `\nconsole.info(${JSON.stringify(mark)});\n`);
}

/** The page and every file it loads, as the running build serves them. */
export function pagePaths(indexHtml: string): string[] {
  const refs = [...indexHtml.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
  return ['/', '/c/new', ...new Set(refs)];
}

export function removeRepo(repo: string): void {
  rmSync(repo, { recursive: true, force: true });
}

export function read(path: string): string {
  return readFileSync(path, 'utf8');
}
