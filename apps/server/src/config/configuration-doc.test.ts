import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  FREE_TIER_DEFAULT_MESSAGES,
  PREMIUM_DEFAULT_DAILY_USES,
  PREMIUM_DEFAULT_MODELS,
  SOCIAL_BONUS_DEFAULT_PLATFORMS,
} from '@chat/contract';
import { envSchema, parseEnv } from './env.js';
import { TABLE_END, TABLE_START } from './librechat-doc.js';

/**
 * docs/configuration.md names every setting the server reads, each in a table row with its default:
 * the settings schema (env.ts) and the few paths main.ts and the database read directly. A setting
 * added without its row fails here, so the page cannot drift from the code again.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const whole = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
// The "Coming from LibreChat" table names settings too, but it is written from the code: a
// setting's own row must be elsewhere on the page.
const page = whole.slice(0, whole.indexOf(TABLE_START)) + whole.slice(whole.indexOf(TABLE_END));

/** The page's table rows, split into cells. */
const rows = page
  .split('\n')
  .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
  .map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  );
/** The row whose first cell names `key` (in backquotes). */
const rowOf = (key: string) => rows.find((cells) => (cells[0] ?? '').includes(`\`${key}\``));

/** Every `process.env.NAME` the server's own code (tests aside) reads outside the schema. */
function directReads(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...directReads(path));
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
      for (const m of readFileSync(path, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g))
        found.push(m[1]!);
    }
  }
  return found;
}

describe('docs/configuration.md', () => {
  const schemaKeys = Object.keys(envSchema.shape);

  it('has a row for every setting of the schema', () => {
    expect(schemaKeys.filter((key) => !rowOf(key))).toEqual([]);
  });

  it('has a row for every variable the server reads outside the schema', () => {
    const direct = [...new Set(directReads(join(root, 'apps/server/src')))];
    expect(direct.length).toBeGreaterThan(0);
    expect(direct.filter((key) => !rowOf(key))).toEqual([]);
  });

  it("gives each setting's default as the schema has it", () => {
    const defaults = parseEnv({});
    const wrong = schemaKeys.flatMap((key) => {
      const value: unknown = defaults[key as keyof typeof defaults];
      if (value === undefined || typeof value === 'object') return [];
      const cell = rowOf(key)?.[1] ?? '';
      const shown = value === '' ? 'empty' : String(value);
      return cell.includes(shown) ? [] : [`${key}: the schema's default is ${shown}, the page says ${cell}`];
    });
    expect(wrong).toEqual([]);
  });

  it('gives the defaults applied after parsing (unset in the schema, taken from the contract)', () => {
    // These stay unset in the schema: being unset is itself meaningful (the free tier and the
    // premium limit turn on with subscriptions), so the default comes in later.
    const applied: Record<string, string> = {
      FREE_TIER_MESSAGES: String(FREE_TIER_DEFAULT_MESSAGES),
      PREMIUM_DAILY_USES: String(PREMIUM_DEFAULT_DAILY_USES),
      PREMIUM_MODELS: PREMIUM_DEFAULT_MODELS.join(','),
      SOCIAL_BONUS_PLATFORMS: SOCIAL_BONUS_DEFAULT_PLATFORMS.join(','),
    };
    const wrong = Object.entries(applied).flatMap(([key, shown]) => {
      const cell = rowOf(key)?.[1] ?? '';
      return cell.includes(`\`${shown}\``) ? [] : [`${key}: the default is ${shown}, the page says ${cell}`];
    });
    expect(wrong).toEqual([]);
  });
});
