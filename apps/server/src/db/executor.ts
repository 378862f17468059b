import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { PgliteQueryResultHKT } from 'drizzle-orm/pglite';
import type * as schema from './schema.js';

/**
 * The database or a transaction: every repository takes either, so a caller can group the writes
 * of several repositories in one transaction (`db.transaction((tx) => ...)`).
 */
export type Executor = PgDatabase<PgliteQueryResultHKT, typeof schema>;
