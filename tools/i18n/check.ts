/**
 * `npm run i18n:check`: for each language, the keys of English (apps/web/src/locales/en.json, the
 * route chunks' English in locales/chunks/ and the contract's VALIDATION_TEXTS) its dictionary lacks or leaves in English, the plural forms it
 * lacks, and what it holds that English no longer has. Exits 1 when anything is listed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, VALIDATION_TEXTS } from '@chat/contract';
import { checkLocale, hasFindings, type Dictionary } from '../../apps/web/src/locales/locale-check';
import { CHUNK_ENGLISH } from '../../apps/web/src/locales/chunks';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const dir = fileURLToPath(new URL('../../apps/web/src/locales/', import.meta.url));
const read = (name: string): Dictionary =>
  JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8')) as Dictionary;

const english: Dictionary = { ...VALIDATION_TEXTS, ...read('en'), ...CHUNK_ENGLISH };
const numberChecked = new Set(Object.keys(VALIDATION_TEXTS));
const labels = {
  missing: 'missing',
  untranslated: 'same as English',
  placeholders: 'placeholders differ',
  plurals: 'plural forms missing',
  numbers: 'numbers differ',
  extra: 'not in English (stale)',
} as const;

let failed = false;
for (const lang of LANGUAGES.filter((l) => l !== 'en-US')) {
  if (!existsSync(`${dir}${lang}.json`)) {
    out(`${lang}: no dictionary (apps/web/src/locales/${lang}.json)`);
    failed = true;
    continue;
  }
  const found = checkLocale(lang, read(lang), english, numberChecked);
  if (!hasFindings(found)) {
    out(`${lang}: complete`);
    continue;
  }
  failed = true;
  out(`${lang}:`);
  for (const [kind, label] of Object.entries(labels) as [keyof typeof labels, string][]) {
    const keys = found[kind];
    if (keys.length === 0) continue;
    out(`  ${label} (${keys.length}):`);
    for (const key of keys)
      out(
        `    ${key}: ${JSON.stringify(english[key] ?? english[`${key}_other`] ?? english[key.replace(/_[a-z]+$/, '_other')] ?? '')}`,
      );
  }
}
process.exit(failed ? 1 : 0);
