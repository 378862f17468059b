import { defineConfig } from 'drizzle-kit';

/**
 * Each feature declares its tables in its own folder (features/<name>/schema.ts); db/schema.ts
 * lists them. New migrations are named by the time they are made, so two features written at
 * once never take the same name (the first thirty, before 2026-12, are numbered).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
  migrations: { prefix: 'timestamp' },
});
