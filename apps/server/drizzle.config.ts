import { defineConfig } from 'drizzle-kit';

/**
 * One feature's migrations: drizzle-kit reads that feature's schema.ts alone and writes into its
 * own folder, so features written at once never touch a common journal. Run through
 * `npm run db:generate -- <feature> <name>` (src/db/generate-migration.ts), which names the
 * feature and, for a feature whose tables the core's history created, first gives the folder the
 * tables as they stand. The core's history (src/db/migrations) is closed: nothing is generated there.
 */
const feature = process.env.DRIZZLE_FEATURE;
const named = feature !== undefined && /^[a-z][a-z0-9-]*$/.test(feature);
// drizzle-kit run by hand would write into no feature's folder: refused. Other tools reading this
// file (knip) get every feature's schema.
if (!named && /drizzle-kit/.test(process.argv[1] ?? '')) {
  throw new Error('run drizzle-kit through `npm run db:generate -- <feature> <name>` (apps/server)');
}

export default defineConfig({
  dialect: 'postgresql',
  schema: named ? `./src/features/${feature}/schema.ts` : './src/features/*/schema.ts',
  out: named ? `./src/features/${feature}/migrations` : './src/db/migrations',
  migrations: { prefix: 'timestamp' },
});
