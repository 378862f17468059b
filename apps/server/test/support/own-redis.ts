import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './net.js';

/**
 * A redis-server of the test's own (never the machine's shared one), on a free port, without
 * persistence: `restart` kills it and starts an empty one on the same port (what a Redis restart
 * without persistence does to the instances using it).
 */
export async function startOwnRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = proc;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${out}`));
      });
    });
  }

  async function kill(): Promise<void> {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await exited;
  }

  await start();
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    /** A connection without a key prefix, to look at the keys as stored. */
    connect: () => new Redis(url, { maxRetriesPerRequest: 1 }),
    kill,
    start,
    stop: kill,
  };
}
