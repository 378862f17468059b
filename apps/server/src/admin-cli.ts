import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { USER_ROLES, type UserRole } from '@chat/contract';
import { parseEnv, type Env } from './config/env.js';
import { filesConfigFrom } from './config/files-config.js';
import { loadYamlConfig } from './config/yaml-config.js';
import { openDatabase } from './db/client.js';
import { createBlogRepo } from './features/blog/index.js';
import { createStorages, type FileStorage } from './features/files/index.js';
import { formatMoveReport, moveFromLibreChat } from './features/imports/index.js';
import { createModerationRepo } from './features/moderation/repo.js';
import { createTwoFactorRepo, resetSecondFactor } from './features/two-factor/index.js';

const USAGE = [
  `usage: npm run admin -- set-role EMAIL ${USER_ROLES.join('|')}`,
  '       npm run admin -- unban EMAIL',
  '       npm run admin -- reset-2fa EMAIL',
  '       npm run admin -- import-librechat FOLDER [--uploads LIBRECHAT_UPLOADS_FOLDER]',
].join('\n');

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The commands: each answers its exit code, having said what it did. */
const COMMANDS: Record<
  string,
  { valid: (args: string[]) => boolean; run: (db: Db, args: string[], env: Env) => Promise<number> }
> = {
  'set-role': {
    valid: ([email, role]) => !!email && USER_ROLES.includes(role as UserRole),
    async run(db, [email = '', role]) {
      const row = await createBlogRepo(db).setRole(email.trim(), role as UserRole);
      if (!row) return noUser(email);
      process.stdout.write(`${row.email} is now ${row.role}\n`);
      return 0;
    },
  },
  /**
   * Ends an account's ban (banned_until and its reason cleared): the way back in when the operator's
   * own account is the one banned. A running server reads bans again within
   * TOKEN_TTL.liveSessionCacheSeconds, so its cached ban ends too.
   */
  unban: {
    valid: ([email]) => !!email,
    async run(db, [email = '']) {
      const repo = createModerationRepo(db);
      const user = await repo.findUserByEmail(email.trim());
      if (!user) return noUser(email);
      const until = await repo.bannedUntil(user.id);
      await repo.setBannedUntil(user.id, null);
      process.stdout.write(
        until && until.getTime() > Date.now()
          ? `${user.email} is no longer banned (the ban would have ended ${until.toISOString()})\n`
          : `${user.email} was not banned; nothing to do\n`,
      );
      return 0;
    },
  },
  /**
   * Resets an account's second factor: two-factor authentication off, its secret, backup codes and
   * passkeys removed, for a person who lost their authenticator. Their sessions are left as they are.
   */
  'reset-2fa': {
    valid: ([email]) => !!email,
    async run(db, [email = '']) {
      const repo = createTwoFactorRepo(db);
      const user = await repo.findUserByEmail(email.trim());
      if (!user) return noUser(email);
      const done = await resetSecondFactor(repo, user);
      process.stdout.write(
        `${done.email}: two-factor authentication is off; ${done.passkeysRemoved} passkey(s) removed\n`,
      );
      return 0;
    },
  },
  /**
   * Moves a LibreChat server's data from the folder of its mongoexport files (users.json,
   * files.json, conversations.json, messages.json, presets.json, balances.json,
   * transactions.json); with --uploads, the folder holding LibreChat's `uploads` and `images`
   * folders, whose files are copied into this server's file store. Safe to run again.
   */
  'import-librechat': {
    valid: ([folder, flag, uploads, ...rest]) =>
      !!folder && rest.length === 0 && (flag === undefined || (flag === '--uploads' && !!uploads)),
    async run(db, [folder = '', , uploads], env) {
      const path = resolve(folder);
      for (const dir of uploads === undefined ? [path] : [path, resolve(uploads)]) {
        if (!existsSync(dir) || !statSync(dir).isDirectory()) {
          console.error(`${dir} is not a folder`);
          return 1;
        }
      }
      const files = uploads === undefined ? undefined : { uploads: resolve(uploads), storage: writerOf(env) };
      const report = await moveFromLibreChat(db, path, files);
      process.stdout.write(formatMoveReport(report));
      return 0;
    },
  },
};

/**
 * The store the server writes new files to. A strategy this command cannot reach without the
 * server's endpoints (openai) keeps them on the local disk, which the server always reads too.
 */
function writerOf(env: Env): FileStorage {
  const config = filesConfigFrom(env, loadYamlConfig(env, process.env));
  const storages = createStorages(config, { endpoints: [] });
  return storages.get(config.strategy) ?? storages.get('local')!;
}

function noUser(email: string): number {
  console.error(`no user with the email ${email}`);
  return 1;
}

/**
 * The operator's commands on the host, on the database the server uses (DATABASE_URL, else the
 * PGlite store in DATA_DIR: stop the server first, PGlite has one writer): set-role, unban, reset-2fa, import-librechat.
 */
async function main(argv: readonly string[]): Promise<number> {
  const [name = '', ...args] = argv;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command || !command.valid(args)) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv(process.env);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: resolve(env.DATA_DIR) });
  try {
    return await command.run(database.db, args, env);
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
