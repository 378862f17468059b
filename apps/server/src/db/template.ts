/**
 * A ready-made, migrated PGlite data directory, so that a fresh store does not run initdb.
 *
 * PGlite runs initdb in WebAssembly, in a second Postgres instance: seconds of CPU, and the memory
 * it touched stays in the process. A template (a tar archive of a migrated, empty, cleanly closed
 * data directory) is made once into node_modules/.cache — by the build, which links it into its
 * folder, or on first use — and a fresh store starts as a copy of it (in memory: PGlite's
 * `loadDataDir`). The store is then migrated as any other, so a template that predates a
 * migration still gives an up-to-date store; but a template's file name carries a key over the
 * PGlite version and the migration files, so normally the one that matches exactly is used and a
 * stale one is never picked up.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { listMigrations } from './migrator.js';

/** Bump when what goes into a template changes in a way the key does not see. */
const TEMPLATE_FORMAT = 2;

interface PgliteInstall {
  version: string;
  /** The node_modules folder that holds @electric-sql/pglite, if it is in one. */
  nodeModules: string | null;
}

let install: PgliteInstall | undefined;
function pgliteInstall(): PgliteInstall {
  if (install) return install;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
  const marker = `${sep}node_modules${sep}`;
  const at = entry.lastIndexOf(marker);
  install = {
    version: typeof pkg.version === 'string' ? pkg.version : 'unknown',
    nodeModules: at >= 0 ? entry.slice(0, at + marker.length - 1) : null,
  };
  return install;
}

/** Where templates made at run time are kept: node_modules/.cache/chat-server (null: nowhere). */
export function templateCacheDir(): string | null {
  const { nodeModules } = pgliteInstall();
  return nodeModules ? join(nodeModules, '.cache', 'chat-server') : null;
}

/**
 * The key of a template for the migrations in `folders` (the core's and every feature's, as the
 * migrator merges them) and the installed PGlite.
 */
export function templateKey(folders: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(`format ${TEMPLATE_FORMAT}\npglite ${pgliteInstall().version}\n`);
  for (const m of listMigrations(folders)) {
    hash.update(`${m.owner}/${m.tag} ${m.when}\n${Buffer.byteLength(m.sql)}\n`);
    hash.update(m.sql);
  }
  return hash.digest('hex').slice(0, 16);
}

export function templateFileName(key: string): string {
  return `pglite-template-${key}.tar`;
}

/** The first of `roots` that holds the template `key`, or null. */
export function findTemplate(key: string, roots: readonly string[]): string | null {
  for (const root of roots) {
    const file = join(root, templateFileName(key));
    if (existsSync(file)) return file;
  }
  return null;
}

const tempName = (target: string) =>
  `${target}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Writes `tar` as the template `key` in `root`. Written under a temporary name and renamed, so a
 * reader never sees half a file; processes making the same template at once write the same thing.
 */
export function saveTemplate(root: string, key: string, tar: Uint8Array): string {
  const target = join(root, templateFileName(key));
  mkdirSync(root, { recursive: true });
  const temp = tempName(target);
  try {
    writeFileSync(temp, tar);
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
  return target;
}

/**
 * Starts the PGlite store `dir` from the template archive `template` when `dir` is missing or
 * empty. Returns false, and touches nothing, when `dir` holds anything (a store, or whatever an
 * earlier start left there). The archive is unpacked beside `dir` and renamed into place, so an
 * interrupted copy never looks like a store.
 */
export function seedFromTemplate(dir: string, template: string): boolean {
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  removeStaleCopies(dir);
  const temp = tempName(dir);
  try {
    extractTar(template, temp);
    rmSync(dir, { recursive: true, force: true }); // missing or an empty folder, checked above
    renameSync(temp, dir);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return true;
}

/** Removes what copies into `dir` interrupted by a crash or a kill left beside it. */
function removeStaleCopies(dir: string): void {
  const parent = dirname(dir);
  if (!existsSync(parent)) return;
  const prefix = `${basename(dir)}.tmp-`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) {
      rmSync(join(parent, name), { recursive: true, force: true });
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

const BLOCK = 512;

/**
 * Unpacks the tar archive `file` (ustar: regular files and directories, as `tarDirectory` and
 * PGlite's `dumpDataDir` write them) into the new folder `dir`. Reads in chunks: no copy of the
 * archive in memory.
 */
export function extractTar(file: string, dir: string): void {
  const fd = openSync(file, 'r');
  const header = Buffer.alloc(BLOCK);
  const chunk = Buffer.alloc(1 << 20);
  const made = new Set<string>();
  const mkdir = (path: string) => {
    if (made.has(path)) return;
    mkdirSync(path, { recursive: true });
    made.add(path);
  };
  mkdir(dir);
  try {
    let pos = 0;
    for (;;) {
      if (readSync(fd, header, 0, BLOCK, pos) !== BLOCK) throw new Error(`tar ${file}: truncated`);
      pos += BLOCK;
      if (header.every((b) => b === 0)) return; // end of archive
      const entry = parseHeader(header, file);
      const target = join(dir, entry.path);
      if (entry.type === 'dir') {
        mkdir(target);
        continue;
      }
      mkdir(dirname(target));
      const out = openSync(target, 'w');
      try {
        for (let left = entry.size; left > 0;) {
          const n = readSync(fd, chunk, 0, Math.min(left, chunk.length), pos);
          if (n <= 0) throw new Error(`tar ${file}: truncated in ${entry.path}`);
          writeSync(out, chunk, 0, n);
          pos += n;
          left -= n;
        }
      } finally {
        closeSync(out);
      }
      pos += (BLOCK - (entry.size % BLOCK)) % BLOCK;
    }
  } finally {
    closeSync(fd);
  }
}

function parseHeader(h: Buffer, file: string): { path: string; size: number; type: 'file' | 'dir' } {
  const text = (offset: number, length: number) => {
    const raw = h.subarray(offset, offset + length);
    const end = raw.indexOf(0);
    return raw.subarray(0, end < 0 ? length : end).toString('utf8');
  };
  const octal = (offset: number, length: number) => {
    const s = text(offset, length).trim();
    if (!/^[0-7]*$/.test(s)) throw new Error(`tar ${file}: bad number field`);
    return s === '' ? 0 : parseInt(s, 8);
  };
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  if (octal(148, 8) !== sum) throw new Error(`tar ${file}: header checksum mismatch`);
  const prefix = text(257, 6) === 'ustar' ? text(345, 155) : '';
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.includes('..')) throw new Error(`tar ${file}: bad name ${name}`);
  const flag = String.fromCharCode(h[156]!);
  const type = flag === '5' ? 'dir' : flag === '0' || flag === '\0' ? 'file' : null;
  if (!type) throw new Error(`tar ${file}: unsupported entry type ${JSON.stringify(flag)}`);
  return { path: parts.join('/'), size: type === 'dir' ? 0 : octal(124, 12), type };
}

/**
 * A tar archive (ustar) of the folder `dir`: its directories and regular files, names relative to
 * `dir`, in the form PGlite's `loadDataDir` and `extractTar` read.
 */
export function tarDirectory(dir: string): Uint8Array {
  const entries: { path: string; data: Buffer | null; mode: number; mtime: number }[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      const st = statSync(join(dir, path));
      const meta = { path, mode: st.mode & 0o7777, mtime: Math.floor(st.mtimeMs / 1000) };
      if (st.isDirectory()) {
        entries.push({ ...meta, data: null });
        walk(path);
      } else if (st.isFile()) {
        entries.push({ ...meta, data: readFileSync(join(dir, path)) });
      }
    }
  };
  walk('');
  const padded = (n: number) => Math.ceil(n / BLOCK) * BLOCK;
  const out = Buffer.alloc(entries.reduce((n, e) => n + BLOCK + padded(e.data?.length ?? 0), 2 * BLOCK));
  let at = 0;
  for (const e of entries) {
    if (Buffer.byteLength(e.path) > 99) throw new Error(`tar: name too long: ${e.path}`);
    const h = out.subarray(at, at + BLOCK);
    const octal = (offset: number, length: number, n: number) =>
      h.write(`${n.toString(8).padStart(length - 1, '0')}\0`, offset, 'latin1');
    h.write(e.path, 0, 'utf8');
    octal(100, 8, e.mode);
    octal(108, 8, 0); // uid
    octal(116, 8, 0); // gid
    octal(124, 12, e.data?.length ?? 0);
    octal(136, 12, e.mtime);
    h.write('        ', 148, 'latin1'); // the checksum counts its own field as spaces
    h.write(e.data ? '0' : '5', 156, 'latin1');
    h.write('ustar\u000000', 257, 'latin1');
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    at += BLOCK;
    if (e.data) {
      out.set(e.data, at);
      at += padded(e.data.length);
    }
  }
  return out; // ends with two zero blocks
}
