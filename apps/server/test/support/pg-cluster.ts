import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './net.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own (initdb and pg_ctl from PATH), in a temporary folder on a
 * free port, so the test may stop and start it: the machine's shared server is never touched.
 * PostgreSQL refuses to run as root; as root (containers, CI) its commands run as the `postgres`
 * user (else `nobody`) through runuser, which owns the folder.
 */
export interface PgCluster {
  /** The `postgres` database as trust-authenticated user `postgres`, over TCP on 127.0.0.1. */
  url: string;
  /** `pg_ctl stop -m fast`: connections are ended (57P01), new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (immediately) and removes its folder. */
  remove(): Promise<void>;
}

async function osUser(): Promise<string | null> {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      await run('id', ['-u', name]);
      return name;
    } catch {
      // not on this machine
    }
  }
  throw new Error('running as root with neither a postgres nor a nobody user to run PostgreSQL as');
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'chat-pg-'));
  const data = join(dir, 'data');
  const user = await osUser();
  if (user) {
    const { stdout } = await run('id', ['-u', user]);
    const { stdout: group } = await run('id', ['-g', user]);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = (cmd: string, args: string[]) =>
    user ? run('runuser', ['-u', user, '--', cmd, ...args]) : run(cmd, args);
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const start = async () => {
    await pg('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
    ]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    start,
    async remove() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
