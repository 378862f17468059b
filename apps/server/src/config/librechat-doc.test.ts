import { describe, expect, it } from 'vitest';
import { envSchema } from './env.js';
import {
  librechatEnvKeys,
  librechatEnvTable,
  readPage,
  TABLE_END,
  TABLE_START,
  withTable,
} from './librechat-doc.js';
import { LIBRECHAT_ENV_DIFFERENCES } from './librechat-env.js';

describe('docs/configuration.md, "Coming from LibreChat"', () => {
  const keys = librechatEnvKeys();

  it('has the table the code writes (else: npx tsx apps/server/src/config/librechat-doc.ts)', () => {
    const page = readPage();
    expect(page.indexOf(TABLE_START)).toBeLessThan(page.indexOf(TABLE_END));
    expect(withTable(page, librechatEnvTable(keys))).toBe(page);
  });

  it("gives every documented setting of LibreChat's .env its row, each accounted for", () => {
    const table = librechatEnvTable(keys);
    for (const key of keys) expect(table).toContain(`| \`${key}\` |`);
    expect(table).not.toContain('NOT ACCOUNTED FOR');
  });

  it('notes differences only for settings that are read', () => {
    const read = new Set(Object.keys(envSchema.shape));
    expect(Object.keys(LIBRECHAT_ENV_DIFFERENCES).filter((key) => !read.has(key))).toEqual([]);
  });

  it('writes a row from the state of a setting', () => {
    const table = librechatEnvTable(['PORT', 'GROQ_API_KEY', 'MONGO_URI', 'CREDS_IV', 'NO_SUCH_SETTING']);
    expect(table.split('\n').slice(2)).toEqual([
      '| `PORT` | read | as in LibreChat (see its row above) |',
      '| `GROQ_API_KEY` | through librechat.yaml | read where the file names it (`${GROQ_API_KEY}`), as in LibreChat |',
      '| `MONGO_URI` | not read | the data lives in PostgreSQL (DATABASE_URL) or the embedded store (named in the start-up warning when set) |',
      `| \`CREDS_IV\` | read | ${LIBRECHAT_ENV_DIFFERENCES.CREDS_IV} |`,
      '| `NO_SUCH_SETTING` | not read | NOT ACCOUNTED FOR (named in the start-up warning when set) |',
    ]);
  });
});
