/**
 * `npm run i18n:check`: first what is wrong with the text sets (the shared locales/ and each
 * feature's features/<name>/locales/: a language without a file, a key in the wrong set or in two),
 * then, for each language, the keys of English (every set's en.json and the contract's
 * VALIDATION_TEXTS) its dictionary lacks or leaves in English, the plural forms it lacks, and
 * what it holds that English no longer has. Exits 1 when anything is listed.
 */
import { LANGUAGES, VALIDATION_TEXTS } from '@chat/contract';
import {
  assembleTexts,
  checkLocale,
  ENGLISH_FILE,
  hasFindings,
  validationTextSets,
  type Dictionary,
} from '../../apps/web/src/locales/locale-check';
import { LANGUAGE_FILES, readTextFiles, SHARED_SET } from './text-files';

const out = (line: string): void => void process.stdout.write(`${line}\n`);

const { byLanguage, problems } = assembleTexts(
  readTextFiles(),
  LANGUAGE_FILES,
  validationTextSets(SHARED_SET),
);
const english: Dictionary = { ...VALIDATION_TEXTS, ...byLanguage[ENGLISH_FILE] };
const numberChecked = new Set(Object.keys(VALIDATION_TEXTS));
const labels = {
  missing: 'missing',
  untranslated: 'same as English',
  placeholders: 'placeholders differ',
  plurals: 'plural forms missing',
  numbers: 'numbers differ',
  extra: 'not in English (stale)',
} as const;

let failed = problems.length > 0;
if (failed) {
  out('text files (apps/web/src):');
  for (const problem of problems) out(`  ${problem}`);
}
for (const lang of LANGUAGES.filter((l) => l !== 'en-US')) {
  const dict = byLanguage[lang];
  if (!dict) {
    out(`${lang}: no dictionary (apps/web/src/locales/${lang}.json)`);
    failed = true;
    continue;
  }
  const found = checkLocale(lang, dict, english, numberChecked);
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
