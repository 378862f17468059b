import { resolve } from 'node:path';
import { USER_ROLES, type UserRole } from '@chat/contract';
import { parseEnv } from './config/env.js';
import { openDatabase } from './db/client.js';
import { createBlogRepo } from './features/blog/index.js';

const USAGE = `usage: npm run admin -- set-role EMAIL ${USER_ROLES.join('|')}`;

/**
 * The operator's commands on the host, on the database the server uses (DATABASE_URL, else the
 * PGlite store in DATA_DIR: stop the server first, PGlite has one writer). Today: set-role.
 */
async function main(argv: readonly string[]): Promise<number> {
  const [command, email, role] = argv;
  if (command !== 'set-role' || !email || !USER_ROLES.includes(role as UserRole)) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv(process.env);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: resolve(env.DATA_DIR) });
  try {
    const row = await createBlogRepo(database.db).setRole(email.trim(), role as UserRole);
    if (!row) {
      console.error(`no user with the email ${email}`);
      return 1;
    }
    process.stdout.write(`${row.email} is now ${row.role}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
