/**
 * `npm run db:generate -- <feature> <name>` (in apps/server): drizzle-kit writes the migration of
 * one feature's schema.ts into `features/<feature>/migrations` (drizzle.config.ts).
 *
 * A feature whose tables the core's history created (db/migrations, closed) has no folder yet the
 * first time: it is started with a snapshot of those tables as the core's last migration left
 * them (no SQL, no journal entry), so drizzle-kit writes only what changed since. A foreign key to
 * another feature's table is written as a reference to it; the table itself is not created, since
 * drizzle-kit sees only the tables this schema.ts exports.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';

const server = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const core = join(server, 'src/db/migrations');

interface Snapshot {
  id: string;
  prevId: string;
  tables: Record<string, unknown>;
  [key: string]: unknown;
}

/** The names of the tables a feature's schema.ts exports. */
async function featureTables(schema: string): Promise<Set<string>> {
  const mod = (await import(pathToFileURL(schema).href)) as Record<string, unknown>;
  return new Set(Object.values(mod).flatMap((v) => (is(v, PgTable) ? [getTableName(v)] : [])));
}

/** The core's last snapshot, cut down to `tables`: what drizzle-kit diffs the feature against. */
function baseline(tables: Set<string>): Snapshot | null {
  const journal = JSON.parse(readFileSync(join(core, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.at(-1)!.tag.split('_')[0]!;
  const snapshot = JSON.parse(readFileSync(join(core, 'meta', `${last}_snapshot.json`), 'utf8')) as Snapshot;
  const kept = Object.entries(snapshot.tables).filter(([key]) => tables.has(key.replace(/^public\./, '')));
  if (kept.length === 0) return null;
  return {
    ...snapshot,
    id: randomUUID(),
    prevId: '00000000-0000-0000-0000-000000000000',
    tables: Object.fromEntries(kept),
  };
}

async function main(): Promise<number> {
  const [feature, name] = process.argv.slice(2);
  if (!feature || !name || !/^[a-z][a-z0-9-]*$/.test(feature) || !/^[a-z][a-z0-9_]*$/.test(name)) {
    console.error('usage: npm run db:generate -- <feature> <name>   (name: lower case, digits, _)');
    return 2;
  }
  const folder = join(server, 'src/features', feature);
  const schema = join(folder, 'schema.ts');
  if (!existsSync(schema)) {
    console.error(`${schema} does not exist: a feature's tables are declared in its schema.ts`);
    return 2;
  }
  const meta = join(folder, 'migrations/meta');
  if (!existsSync(join(meta, '_journal.json'))) {
    const start = baseline(await featureTables(schema));
    if (start) {
      mkdirSync(meta, { recursive: true });
      writeFileSync(join(meta, '00000000000000_snapshot.json'), `${JSON.stringify(start, null, 2)}\n`);
      const journal = { version: '7', dialect: 'postgresql', entries: [] };
      writeFileSync(join(meta, '_journal.json'), `${JSON.stringify(journal, null, 2)}\n`);
    }
  }
  const run = spawnSync('npx', ['drizzle-kit', 'generate', '--name', name], {
    cwd: server,
    env: { ...process.env, DRIZZLE_FEATURE: feature },
    stdio: 'inherit',
  });
  return run.status ?? 1;
}

process.exitCode = await main();
