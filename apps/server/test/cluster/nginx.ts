import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../support/net.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shipped configuration (deploy/nginx.conf), which the test runs with its SSE settings. */
const SHIPPED = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));

export interface Nginx {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Replaces exactly one match of `pattern`, or fails: the test follows the shipped file. */
function replaceOnce(text: string, pattern: RegExp, by: string): string {
  const matches = text.match(
    new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g'),
  );
  if (matches?.length !== 1)
    throw new Error(`deploy/nginx.conf: expected one ${pattern} (found ${matches?.length ?? 0})`);
  return text.replace(pattern, by);
}

/**
 * deploy/nginx.conf with only what a test must change: the two upstream instances' addresses, a
 * loopback port to listen on, and files under a temp directory. Everything else (buffering,
 * timeouts, headers, retries) is the shipped text.
 */
function nginxConfig(shipped: string, instances: [string, string], port: number, dir: string): string {
  let conf = shipped;
  const [one, two] = instances.map((u) => new URL(u).host);
  // Loopback addresses need no lookup (and Debian's nginx, 1.22, has no `resolve`).
  conf = replaceOnce(conf, /server app1:3080 resolve/, `server ${one}`);
  conf = replaceOnce(conf, /server app2:3080 resolve/, `server ${two}`);
  conf = replaceOnce(conf, /listen 80;/, `listen 127.0.0.1:${port};`);
  conf = replaceOnce(conf, /pid \/tmp\/nginx\.pid;/, `pid ${dir}/nginx.pid;`);
  // Logs to files: the child's stdio are sockets, which /dev/stdout and /dev/stderr cannot open.
  conf = replaceOnce(conf, /access_log \/dev\/stdout;/, `access_log ${dir}/access.log;`);
  conf = replaceOnce(conf, /error_log \/dev\/stderr warn;/, `error_log ${dir}/error.log warn;`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${dir}/${t};`)
    .join('\n');
  conf = replaceOnce(conf, /http \{\n/, `http {\n${temp}\n`);
  return conf;
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

/** Starts Debian's nginx (TEST_NGINX) in front of two instances with the shipped configuration. */
export async function startNginx(instances: [string, string]): Promise<Nginx> {
  const bin = process.env.TEST_NGINX;
  if (!bin) throw new Error('the nginx tests need TEST_NGINX (the nginx binary)');
  const dir = mkdtempSync(join(tmpdir(), 'nginx-test-'));
  chmodSync(dir, 0o755);
  for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, t));
    chmodSync(join(dir, t), 0o777); // workers run as an unprivileged user when started as root
  }
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(readFileSync(SHIPPED, 'utf8'), instances, port, dir));
  const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'];
  const child: ChildProcess = spawn(bin, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${out}${readLog(dir)}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer /health:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out + readLog(dir),
    async stop() {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
