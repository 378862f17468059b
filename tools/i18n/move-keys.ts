/**
 * Moves texts from the shared dictionaries (apps/web/src/locales/<lang>.json) into a feature's own
 * (apps/web/src/features/<feature>/locales/<lang>.json), in every language at once:
 *
 *   npx tsx tools/i18n/move-keys.ts <feature> <key-or-prefix>...
 *
 * <feature> is the folder under features/ (`prompts`, `blog/manage`). An argument ending in `*`
 * or `_` is a prefix (`com_ui_prompt*`); any other is one key, with its plural forms (`key_one`,
 * `key_other`, … in each language). Files the feature lacks are created, texts it has are kept.
 * Run it again after a merge brought new keys into the shared files. Then `npm run i18n:check`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGLISH_FILE, type Dictionary } from '../../apps/web/src/locales/locale-check';
import { LANGUAGE_FILES, readText, SHARED_SET, WEB_SRC } from './text-files';

const PLURAL = /_(zero|one|two|few|many|other)$/;
const out = (line: string): void => void process.stdout.write(`${line}\n`);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const write = (path: string, texts: Dictionary): void =>
  writeFileSync(join(WEB_SRC, path), `${JSON.stringify(texts, null, 2)}\n`);

/** The key a text belongs to: a plural form's base when English has that plural. */
function baseOf(key: string, english: Dictionary): string {
  const base = key.replace(PLURAL, '');
  return base !== key && english[`${base}_other`] !== undefined ? base : key;
}

function matcher(args: readonly string[]): (base: string) => string | undefined {
  return (base) =>
    args.find((arg) => (/[*_]$/.test(arg) ? base.startsWith(arg.replace(/\*$/, '')) : base === arg));
}

function main(): void {
  const [feature, ...args] = process.argv.slice(2);
  if (!feature || args.length === 0)
    fail('usage: npx tsx tools/i18n/move-keys.ts <feature> <key-or-prefix>...');
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(feature) || !existsSync(join(WEB_SRC, 'features', feature)))
    fail(`no feature folder apps/web/src/features/${feature}`);
  const target = `features/${feature}/locales`;
  const sharedEnglish = readText(`${SHARED_SET}/${ENGLISH_FILE}.json`);
  const matches = matcher(args);
  const moving = new Set(
    Object.keys(sharedEnglish)
      .map((k) => baseOf(k, sharedEnglish))
      .filter((base) => matches(base) !== undefined),
  );
  const used = new Set([...moving].map((base) => matches(base)));
  for (const arg of args) if (!used.has(arg)) out(`not in ${SHARED_SET}/${ENGLISH_FILE}.json: ${arg}`);
  if (moving.size === 0) fail('nothing to move');

  mkdirSync(join(WEB_SRC, target), { recursive: true });
  for (const lang of LANGUAGE_FILES) {
    const sharedPath = `${SHARED_SET}/${lang}.json`;
    const featurePath = `${target}/${lang}.json`;
    const shared = readText(sharedPath);
    const own: Record<string, string> = existsSync(join(WEB_SRC, featurePath)) ? { ...readText(featurePath) } : {};
    const kept: Record<string, string> = {};
    for (const [key, text] of Object.entries(shared)) {
      if (!moving.has(baseOf(key, sharedEnglish))) kept[key] = text;
      else if (own[key] !== undefined && own[key] !== text)
        fail(`${key} differs between ${sharedPath} and ${featurePath}: settle it by hand`);
      else own[key] = text;
    }
    write(sharedPath, kept);
    write(featurePath, own);
  }
  out(`moved ${moving.size} keys to apps/web/src/${target}: ${[...moving].sort().join(' ')}`);
}

main();
