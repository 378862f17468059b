/**
 * The "Coming from LibreChat" table of docs/configuration.md, written from the code: for each
 * setting of LibreChat's `.env`, whether it is read here (and how it differs), read through
 * librechat.yaml, or not read (and why). The table between the markers is this function's output;
 * a test fails when it is stale, and `npx tsx apps/server/src/config/librechat-doc.ts` rewrites it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { envSchema } from './env.js';
import {
  LIBRECHAT_ENV_DIFFERENCES,
  LIBRECHAT_YAML_ONLY_ENV,
  UNSUPPORTED_LIBRECHAT_ENV,
} from './librechat-env.js';

export const TABLE_START =
  '<!-- librechat-env-table:start (written by apps/server/src/config/librechat-doc.ts) -->';
export const TABLE_END = '<!-- librechat-env-table:end -->';

const FIXTURE = new URL('../../test/fixtures/librechat-env-example-keys.txt', import.meta.url);
const PAGE = new URL('../../../../docs/configuration.md', import.meta.url);

/** The setting names LibreChat's `.env.example` documents, in its order (the test fixture). */
export function librechatEnvKeys(text = readFileSync(FIXTURE, 'utf8')): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

/** The table, one row per key, in LibreChat's order. */
export function librechatEnvTable(keys: readonly string[]): string {
  const read = new Set(Object.keys(envSchema.shape));
  const rows = keys.map((key) => {
    if (read.has(key)) {
      return `| \`${key}\` | read | ${escapeCell(LIBRECHAT_ENV_DIFFERENCES[key] ?? 'as in LibreChat (see its row above)')} |`;
    }
    if (LIBRECHAT_YAML_ONLY_ENV.includes(key)) {
      return `| \`${key}\` | through librechat.yaml | read where the file names it (\`\${${key}}\`), as in LibreChat |`;
    }
    const why = UNSUPPORTED_LIBRECHAT_ENV[key];
    return `| \`${key}\` | not read | ${escapeCell(why ?? 'NOT ACCOUNTED FOR')} (named in the start-up warning when set) |`;
  });
  return ['| LibreChat setting | here | what differs, or why not |', '|---|---|---|', ...rows].join('\n');
}

/** The page with its table replaced by `table`. */
export function withTable(page: string, table: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`docs/configuration.md lacks the markers ${TABLE_START} … ${TABLE_END}`);
  return `${page.slice(0, start + TABLE_START.length)}\n${table}\n${page.slice(end)}`;
}

export const readPage = () => readFileSync(PAGE, 'utf8');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(PAGE, withTable(readPage(), librechatEnvTable(librechatEnvKeys())));
  console.warn('rewrote the LibreChat table of docs/configuration.md');
}
