/**
 * The web client's text files on disk, for the i18n tools: the shared set (apps/web/src/locales)
 * and each feature's (apps/web/src/features/<name>/locales, a feature inside a feature too),
 * keyed by their path under apps/web/src, as the app's globs and the locales test name them.
 * `root` (apps/web/src) is a parameter so a test can point the tools at a copy.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@chat/contract';
import { ENGLISH_FILE, type Dictionary } from '../../apps/web/src/locales/locale-check';

export const WEB_SRC = fileURLToPath(new URL('../../apps/web/src/', import.meta.url));
/** The shared set's folder, under apps/web/src. */
export const SHARED_SET = 'locales';
/** The file name of each language: `en` for English, the full code for the others. */
export const LANGUAGE_FILES: readonly string[] = LANGUAGES.map((l) => (l === 'en-US' ? ENGLISH_FILE : l));

/** Every `locales` folder under features/, as paths under root. */
function featureSets(root: string, dir = 'features'): string[] {
  if (!existsSync(join(root, dir))) return [];
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue;
    const path = `${dir}/${entry.name}`;
    if (entry.name === 'locales') found.push(path);
    else found.push(...featureSets(root, path));
  }
  return found;
}

export const readText = (path: string, root: string = WEB_SRC): Dictionary =>
  JSON.parse(readFileSync(join(root, path), 'utf8')) as Dictionary;

/** path under root → texts, for every JSON file of every set. */
export function readTextFiles(root: string = WEB_SRC): Record<string, Dictionary> {
  const files: Record<string, Dictionary> = {};
  for (const set of [SHARED_SET, ...featureSets(root)]) {
    if (!existsSync(join(root, set))) continue;
    for (const name of readdirSync(join(root, set))
      .filter((n) => n.endsWith('.json'))
      .sort())
      files[`${set}/${name}`] = readText(`${set}/${name}`, root);
  }
  return files;
}
