/**
 * Moves texts from the shared dictionaries (apps/web/src/locales/<lang>.json) into a feature's own
 * (apps/web/src/features/<feature>/locales/<lang>.json), in every language at once:
 *
 *   npm run i18n:move-keys -- <feature> <key-or-prefix>...
 *
 * <feature> is the folder under features/ (`prompts`, `blog/manage`). An argument ending in `*`
 * or `_` is a prefix (`com_ui_prompt*`); any other is one key, with its plural forms (`key_one`,
 * `key_other`, … in each language). Files the feature lacks are created, texts it has are kept.
 * Run it again after a merge brought new keys into the shared files. Then `npm run i18n:check`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENGLISH_FILE, type Dictionary } from '../../apps/web/src/locales/locale-check';
import { LANGUAGE_FILES, readText, SHARED_SET, WEB_SRC } from './text-files';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The key a text belongs to: a plural form's base when English has that plural. */
function baseOf(key: string, english: Dictionary): string {
  const base = key.replace(PLURAL, '');
  return base !== key && english[`${base}_other`] !== undefined ? base : key;
}

const isPrefix = (arg: string): boolean => /[*_]$/.test(arg);
const matches = (arg: string, base: string): boolean =>
  isPrefix(arg) ? base.startsWith(arg.replace(/\*$/, '')) : base === arg;

export interface Moved {
  /** The keys moved (plural forms under their base key). */
  moved: string[];
  /** The arguments that matched no key of the shared English. */
  unmatched: string[];
}

/** Moves the keys under `root` (apps/web/src); throws, changing nothing, when it cannot. */
export function moveKeys(root: string, feature: string, args: readonly string[]): Moved {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(feature) || !existsSync(join(root, 'features', feature)))
    throw new Error(`no feature folder features/${feature}`);
  const target = `features/${feature}/locales`;
  const sharedEnglish = readText(`${SHARED_SET}/${ENGLISH_FILE}.json`, root);
  const moving = new Set(
    Object.keys(sharedEnglish)
      .map((k) => baseOf(k, sharedEnglish))
      .filter((base) => args.some((arg) => matches(arg, base))),
  );
  const unmatched = args.filter((arg) => ![...moving].some((base) => matches(arg, base)));
  if (moving.size === 0) return { moved: [], unmatched };

  // Every file is computed first, so a conflict leaves them all as they were.
  const writes: [string, Dictionary][] = [];
  for (const lang of LANGUAGE_FILES) {
    const sharedPath = `${SHARED_SET}/${lang}.json`;
    const featurePath = `${target}/${lang}.json`;
    const own: Record<string, string> = existsSync(join(root, featurePath))
      ? { ...readText(featurePath, root) }
      : {};
    const kept: Record<string, string> = {};
    for (const [key, text] of Object.entries(readText(sharedPath, root))) {
      if (!moving.has(baseOf(key, sharedEnglish))) kept[key] = text;
      else if (own[key] !== undefined && own[key] !== text)
        throw new Error(`${key} differs between ${sharedPath} and ${featurePath}: settle it by hand`);
      else own[key] = text;
    }
    writes.push([sharedPath, kept], [featurePath, own]);
  }
  mkdirSync(join(root, target), { recursive: true });
  for (const [path, texts] of writes) writeFileSync(join(root, path), `${JSON.stringify(texts, null, 2)}\n`);
  return { moved: [...moving].sort(), unmatched };
}

function main(): void {
  const [feature, ...args] = process.argv.slice(2);
  if (!feature || args.length === 0) {
    process.stderr.write('usage: npm run i18n:move-keys -- <feature> <key-or-prefix>...\n');
    process.exit(1);
  }
  try {
    const { moved, unmatched } = moveKeys(WEB_SRC, feature, args);
    for (const arg of unmatched) process.stdout.write(`not in ${SHARED_SET}/${ENGLISH_FILE}.json: ${arg}\n`);
    if (moved.length === 0) throw new Error('nothing to move');
    process.stdout.write(`moved ${moved.length} keys to features/${feature}/locales: ${moved.join(' ')}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
