import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  extractTar,
  findTemplate,
  saveTemplate,
  seedFromTemplate,
  tarDirectory,
  templateFileName,
  templateKey,
} from './template.js';

const migrations = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chat-template-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A ustar archive, written the way PGlite's dumpDataDir (tinytar) writes one. */
function tar(entries: { name: string; data?: string; type?: string }[]): Uint8Array {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.from(e.data ?? '');
    const h = Buffer.alloc(512);
    const put = (offset: number, s: string) => h.write(s, offset, 'latin1');
    const octal = (offset: number, length: number, n: number) =>
      put(offset, `${n.toString(8).padStart(length - 1, '0')}\0`);
    put(0, e.name);
    octal(100, 8, 0o644);
    octal(108, 8, 0);
    octal(116, 8, 0);
    octal(124, 12, e.type === '5' ? 0 : data.length);
    octal(136, 12, 1_700_000_000);
    put(148, '        ');
    put(156, e.type ?? '0');
    put(257, 'ustar\u000000');
    let sum = 0;
    for (const b of h) sum += b;
    put(148, `${sum.toString(8).padStart(6, '0')}\0 `);
    blocks.push(h, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

function writeTar(dir: string, entries: Parameters<typeof tar>[0]): string {
  const file = join(dir, 'a.tar');
  writeFileSync(file, tar(entries));
  return file;
}

/** Every file below `dir` with its content, paths relative to `dir`. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path);
      else out[path] = readFileSync(join(dir, path), 'utf8');
    }
  };
  walk('');
  return out;
}

describe('templateKey', () => {
  it('is stable for the same migrations and changes when any migration changes', () => {
    const copy = join(scratch(), 'migrations');
    cpSync(migrations, copy, { recursive: true });
    expect(templateKey([copy])).toBe(templateKey([migrations]));

    const sql = readdirSync(copy).find((f) => f.endsWith('.sql'))!;
    writeFileSync(join(copy, sql), `${readFileSync(join(copy, sql), 'utf8')}\n-- edited\n`);
    expect(templateKey([copy])).not.toBe(templateKey([migrations]));
  });

  it("changes when a feature's folder brings a migration", () => {
    const feature = join(scratch(), 'more');
    mkdirSync(join(feature, 'meta'), { recursive: true });
    writeFileSync(join(feature, '20991231000000_more.sql'), 'SELECT 1;');
    const entries = [
      { idx: 0, version: '7', when: 4_102_358_400_000, tag: '20991231000000_more', breakpoints: true },
    ];
    writeFileSync(
      join(feature, 'meta/_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
    );
    expect(templateKey([migrations, feature])).not.toBe(templateKey([migrations]));
  });
});

describe('saveTemplate / findTemplate', () => {
  it('finds a saved template in the first root that has it, leaving no temporary files', () => {
    const [a, b] = [scratch(), scratch()];
    expect(findTemplate('k1', [a, b])).toBeNull();
    const saved = saveTemplate(b, 'k1', new Uint8Array([1, 2, 3]));
    expect(saved).toBe(join(b, templateFileName('k1')));
    expect(readdirSync(b)).toEqual([templateFileName('k1')]);
    expect(findTemplate('k1', [a, b])).toBe(saved);
    saveTemplate(a, 'k1', new Uint8Array([4]));
    expect(findTemplate('k1', [a, b])).toBe(join(a, templateFileName('k1')));
    expect(findTemplate('k2', [a, b])).toBeNull();
  });
});

describe('extractTar', () => {
  it('unpacks files and directories, including leading-slash names and empty files', () => {
    const dir = scratch();
    const big = 'x'.repeat(3000);
    const file = writeTar(dir, [
      { name: '/base/', type: '5' },
      { name: '/base/1/', type: '5' },
      { name: '/base/1/112', data: big },
      { name: '/base/1/113', data: '' },
      { name: '/PG_VERSION', data: '18\n' },
      { name: 'pg_wal/000001', data: 'wal' },
      { name: 'pg_notify', type: '5' },
    ]);
    const out = join(dir, 'out');
    extractTar(file, out);
    expect(tree(out)).toEqual({
      'base/1/112': big,
      'base/1/113': '',
      PG_VERSION: '18\n',
      'pg_wal/000001': 'wal',
    });
    expect(existsSync(join(out, 'pg_notify'))).toBe(true);
  });

  it('reads back what tarDirectory wrote', () => {
    const dir = scratch();
    const src = join(dir, 'src');
    mkdirSync(join(src, 'base', '1'), { recursive: true });
    mkdirSync(join(src, 'pg_notify'));
    writeFileSync(join(src, 'PG_VERSION'), '18\n');
    writeFileSync(join(src, 'base', '1', '112'), 'y'.repeat(70_000));
    writeFileSync(join(src, 'base', '1', '113'), '');
    const file = join(dir, 'd.tar');
    writeFileSync(file, tarDirectory(src));
    extractTar(file, join(dir, 'out'));
    expect(tree(join(dir, 'out'))).toEqual(tree(src));
    expect(existsSync(join(dir, 'out', 'pg_notify'))).toBe(true);
  });

  it('rejects a damaged header, a truncated archive and names outside the folder', () => {
    const dir = scratch();
    const good = tar([{ name: 'a', data: 'hello' }]);

    const damaged = Buffer.from(good);
    damaged[0] = 'b'.charCodeAt(0); // name changed, checksum not
    writeFileSync(join(dir, 'damaged.tar'), damaged);
    expect(() => extractTar(join(dir, 'damaged.tar'), join(dir, 'o1'))).toThrow(/checksum/);

    writeFileSync(join(dir, 'short.tar'), good.subarray(0, 600));
    expect(() => extractTar(join(dir, 'short.tar'), join(dir, 'o2'))).toThrow(/truncated/);

    writeTar(dir, [{ name: '../escape', data: 'x' }]);
    expect(() => extractTar(join(dir, 'a.tar'), join(dir, 'o3'))).toThrow(/bad name/);
    expect(existsSync(join(dir, 'escape'))).toBe(false);

    writeTar(dir, [{ name: 'link', type: '2' }]);
    expect(() => extractTar(join(dir, 'a.tar'), join(dir, 'o4'))).toThrow(/unsupported/);
  });
});

describe('seedFromTemplate', () => {
  const entries = [
    { name: '/PG_VERSION', data: '18\n' },
    { name: '/base/1/1', data: 'page' },
  ];

  it('fills a missing folder', () => {
    const dir = scratch();
    const template = writeTar(dir, entries);
    const store = join(dir, 'data', 'pglite');
    expect(seedFromTemplate(store, template)).toBe(true);
    expect(tree(store)).toEqual({ PG_VERSION: '18\n', 'base/1/1': 'page' });
    expect(readdirSync(join(dir, 'data'))).toEqual(['pglite']); // no temporary folder left
  });

  it('fills an empty folder', () => {
    const dir = scratch();
    const template = writeTar(dir, entries);
    const store = join(dir, 'pglite');
    mkdirSync(store);
    expect(seedFromTemplate(store, template)).toBe(true);
    expect(tree(store)).toEqual({ PG_VERSION: '18\n', 'base/1/1': 'page' });
  });

  it('leaves a folder that holds anything untouched', () => {
    const dir = scratch();
    const template = writeTar(dir, entries);
    const store = join(dir, 'pglite');
    mkdirSync(join(store, 'base'), { recursive: true });
    writeFileSync(join(store, 'base', 'mine'), 'keep');
    expect(seedFromTemplate(store, template)).toBe(false);
    expect(tree(store)).toEqual({ 'base/mine': 'keep' });
    expect(readdirSync(dir).sort()).toEqual(['a.tar', 'pglite']);
  });

  it('clears copies an interrupted start left, but not those of a running process', () => {
    const dir = scratch();
    const template = writeTar(dir, entries);
    const dead = join(dir, 'pglite.tmp-999999999-abc');
    const running = join(dir, `pglite.tmp-${process.pid}-def`);
    mkdirSync(join(dead, 'base'), { recursive: true });
    mkdirSync(running);
    expect(seedFromTemplate(join(dir, 'pglite'), template)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['a.tar', 'pglite', `pglite.tmp-${process.pid}-def`]);
  });

  it('leaves nothing behind when the archive is damaged', () => {
    const dir = scratch();
    const template = join(dir, 'bad.tar');
    writeFileSync(template, Buffer.from(tar(entries)).subarray(0, 1000));
    const store = join(dir, 'pglite');
    expect(() => seedFromTemplate(store, template)).toThrow(/truncated/);
    expect(readdirSync(dir)).toEqual(['bad.tar']);
  });
});
