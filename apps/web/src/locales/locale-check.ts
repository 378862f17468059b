/**
 * What a dictionary lacks against English: used by the locales test (which fails on any finding)
 * and by `npm run i18n:check` (which lists them per locale, for whoever fills the keys).
 *
 * The texts come in sets: the shared one (locales/<lang>.json) and one per feature
 * (features/<name>/locales/<lang>.json), each with a file per language. `assembleTexts` joins
 * them into one dictionary per language and lists what is wrong with the sets themselves; English
 * (all sets' en.json and the contract's VALIDATION_TEXTS) is the reference. A key whose English has
 * `_other` is a plural: a locale needs exactly the forms its language has (Intl.PluralRules), and
 * its forms may leave out {{count}} (Arabic's "two minutes" is one word) but no other placeholder.
 */
import { CORE_VALIDATION_TEXTS, FEATURE_VALIDATION_TEXTS } from '@chat/contract';
import { intlLocale } from '../config/locale';

export type Dictionary = Readonly<Record<string, string>>;

export interface LocaleFindings {
  missing: string[];
  untranslated: string[];
  placeholders: string[];
  plurals: string[];
  numbers: string[];
  extra: string[];
}

const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const SUFFIX = new RegExp(`_(${PLURAL_SUFFIXES.join('|')})$`);

/**
 * Values legitimately the same as English: brand and product names, and words a language writes
 * as English does (French "Message", Dutch "Model", Italian "Password"). `*` for every locale,
 * else the locales named. Anything else left in English fails the check.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, '*' | readonly string[]>> = {
  com_endpoint_azureOpenAI: '*',
  com_endpoint_openAI: '*',
  com_endpoint_chatGPTBrowser: '*',
  com_endpoint_bingAI: '*',
  com_endpoint_google: '*',
  com_endpoint_anthropic: '*',
  com_endpoint_top_p: '*',
  com_endpoint_top_k: '*',
  com_assistants_count: '*',
  com_ui_import_skipped_item: '*',
  com_ui_beta: ['de-DE', 'es-ES', 'it-IT', 'pt-BR', 'sv-SE', 'tr-TR', 'id-ID'],
  com_endpoint_premium: [
    'de-DE',
    'es-ES',
    'fr-FR',
    'it-IT',
    'pl-PL',
    'pt-BR',
    'sv-SE',
    'tr-TR',
    'nl-NL',
    'id-ID',
  ],
  com_endpoint_agent: ['de-DE', 'fr-FR', 'nl-NL', 'pl-PL', 'sv-SE'],
  com_ui_plugins: ['de-DE', 'pt-BR'],
  com_endpoint_gptPlugins: ['de-DE', 'pt-BR'],
  com_chat_endpoint: ['es-ES', 'it-IT', 'pt-BR', 'vi-VN', 'nl-NL', 'id-ID'],
  com_chat_model: ['pl-PL', 'tr-TR', 'nl-NL', 'id-ID'],
  com_assistants_model: ['pl-PL', 'tr-TR', 'nl-NL', 'id-ID'],
  com_assistants_uses_model: ['pl-PL', 'tr-TR', 'nl-NL', 'id-ID'],
  com_endpoint_model_bar: ['pl-PL', 'tr-TR', 'nl-NL', 'id-ID'],
  com_endpoint_preset_model: ['pl-PL', 'tr-TR', 'nl-NL', 'id-ID'],
  com_endpoint_preset_endpoint: ['es-ES', 'it-IT', 'pt-BR', 'vi-VN', 'nl-NL', 'id-ID'],
  com_nav_setting_account: ['it-IT', 'nl-NL'],
  com_auth_email: ['it-IT', 'vi-VN', 'id-ID'],
  com_auth_password: ['it-IT'],
  com_nav_setting_general: ['es-ES'],
  com_assistants_name: ['de-DE'],
  com_chat_code: ['fr-FR', 'nl-NL'],
  com_chat_edit: ['id-ID'],
  com_nav_theme_system: ['sv-SE'],
  com_endpoint_bing_context: ['nl-NL'],
  com_nav_conversations: ['fr-FR'],
  com_chat_assistant: ['fr-FR'],
  com_chat_input_label: ['fr-FR'],
  com_chat_branches: ['fr-FR'],
  com_chat_minute: ['fr-FR'],
  com_chat_minutes: ['fr-FR'],
  com_ui_import_messages_count: ['fr-FR'],
  com_ui_bookmarks_description: ['fr-FR'],
  com_ui_bookmarks_count: ['fr-FR'],
  com_endpoint_assistant: ['fr-FR'],
  com_endpoint_config_key_expiry_30m: ['fr-FR'],
  com_plugin_page: ['fr-FR'],
  com_assistants_title: ['fr-FR'],
  com_assistants_select: ['fr-FR'],
  com_assistants_description: ['fr-FR'],
  com_assistants_instructions: ['fr-FR'],
  com_site_blog: ['de-DE', 'es-ES', 'fr-FR', 'it-IT', 'pl-PL', 'pt-BR', 'vi-VN', 'tr-TR', 'nl-NL', 'id-ID'],
  com_site_nav_blog: [
    'de-DE',
    'es-ES',
    'fr-FR',
    'it-IT',
    'pl-PL',
    'pt-BR',
    'vi-VN',
    'tr-TR',
    'nl-NL',
    'id-ID',
  ],
  com_site_nav_faq: ['de-DE', 'es-ES', 'fr-FR', 'it-IT', 'pl-PL'],
  com_blog_title: ['de-DE', 'es-ES', 'fr-FR', 'it-IT', 'pl-PL', 'pt-BR', 'vi-VN', 'tr-TR', 'nl-NL', 'id-ID'],
  com_admin_errors_none: '*',
  com_admin_errors_field_endpoint: ['it-IT', 'pt-BR', 'vi-VN', 'nl-NL', 'id-ID', 'es-ES'],
  com_blog_field_slug: ['it-IT', 'pt-BR', 'vi-VN', 'nl-NL', 'id-ID', 'de-DE', 'es-ES', 'fr-FR'],
  com_blog_field_tags: ['pt-BR', 'nl-NL'],
  com_blog_field_status: ['sv-SE', 'nl-NL', 'id-ID', 'de-DE'],
  com_admin_email: ['it-IT', 'vi-VN', 'id-ID'],
  com_admin_model: ['pl-PL', 'tr-TR', 'nl-NL', 'id-ID'],
  com_admin_errors_field_model: ['pl-PL', 'tr-TR', 'nl-NL', 'id-ID'],
  com_admin_status: ['pl-PL', 'sv-SE', 'nl-NL', 'id-ID', 'de-DE'],
  com_admin_tokens: ['pt-BR', 'nl-NL', 'es-ES'],
  com_nav_admin: ['id-ID'],
  com_admin_detail: ['id-ID'],
  com_admin_errors_col_code: ['nl-NL', 'de-DE', 'fr-FR'],
  com_admin_errors_field_route: ['nl-NL', 'de-DE', 'fr-FR'],
  com_admin_errors_col_message: ['fr-FR'],
  com_admin_errors_alert: ['es-ES'],
  com_admin_error: ['es-ES'],
  com_admin_messages: ['fr-FR'],
  com_admin_action: ['fr-FR'],
  com_admin_minutes: ['fr-FR'],
  com_nav_browser: ['de-DE', 'it-IT', 'nl-NL'],
};

export function pluralForms(lang: string): string[] {
  const categories = new Intl.PluralRules(intlLocale(lang)).resolvedOptions().pluralCategories;
  return PLURAL_SUFFIXES.filter((c) => categories.includes(c));
}

const placeholdersOf = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();

const numbersOf = (text: string): string[] =>
  [...text.replace(/\{\{[^}]*\}\}/g, '').matchAll(/\d+/g)].map((m) => m[0]).sort();

/** A language's own name in a language list (com_nav_lang_english: "English") reads the same everywhere. */
const LANGUAGE_NAME = /^com_nav_lang_(?!auto)/;

function allowedSame(key: string, lang: string): boolean {
  if (LANGUAGE_NAME.test(key)) return true;
  const rule = SAME_AS_ENGLISH[key.replace(SUFFIX, '')];
  return rule === '*' || (rule?.includes(lang) ?? false);
}

/** Plural base keys (English has `<base>_other`) and the plain keys. */
function referenceKeys(english: Dictionary): { plain: string[]; plurals: string[] } {
  const plurals = Object.keys(english)
    .filter((k) => k.endsWith('_other'))
    .map((k) => k.slice(0, -'_other'.length));
  const pluralSet = new Set(plurals);
  const plain = Object.keys(english).filter((k) => !pluralSet.has(k.replace(SUFFIX, '')));
  return { plain, plurals };
}

export function checkLocale(
  lang: string,
  dict: Dictionary,
  english: Dictionary,
  numberChecked: ReadonlySet<string> = new Set(),
): LocaleFindings {
  const found: LocaleFindings = {
    missing: [],
    untranslated: [],
    placeholders: [],
    plurals: [],
    numbers: [],
    extra: [],
  };
  const { plain, plurals } = referenceKeys(english);
  const forms = pluralForms(lang);
  const expected = new Set(plain);

  const compare = (key: string, value: string, source: string, plural: boolean): void => {
    if (value.trim() === '') found.missing.push(key);
    else if (value === source && !allowedSame(key, lang)) found.untranslated.push(key);
    const want = placeholdersOf(source);
    const got = placeholdersOf(value);
    const ok = plural
      ? got.every((p) => want.includes(p)) && want.every((p) => p === 'count' || got.includes(p))
      : want.join() === got.join();
    if (!ok) found.placeholders.push(key);
    if (numberChecked.has(key) && numbersOf(value).join() !== numbersOf(source).join())
      found.numbers.push(key);
  };

  for (const key of plain) {
    const value = dict[key];
    if (value === undefined) found.missing.push(key);
    else compare(key, value, english[key] ?? '', false);
  }
  for (const base of plurals) {
    const source = english[`${base}_other`] ?? '';
    const present = forms.filter((f) => dict[`${base}_${f}`] !== undefined);
    if (present.length === 0) {
      found.missing.push(base);
      continue;
    }
    if (present.length < forms.length) found.plurals.push(base);
    for (const f of forms) {
      const key = `${base}_${f}`;
      expected.add(key);
      const value = dict[key];
      if (value === undefined) continue;
      // Only a form English also has is held to differ from it ("one" to "one").
      compare(key, value, english[key] ?? source, true);
    }
  }
  for (const key of Object.keys(dict)) if (!expected.has(key)) found.extra.push(key);
  return found;
}

export const hasFindings = (f: LocaleFindings): boolean =>
  Object.values(f).some((list: string[]) => list.length > 0);

/** The language a text file is for: its name, `en` being English. */
export const ENGLISH_FILE = 'en';

export interface TextSets {
  /** Every set's texts joined, per file name (`en`, `de-DE`, …). */
  byLanguage: Record<string, Record<string, string>>;
  /** What is wrong with the sets: a key in two sets, a language without a file, a key in the wrong set. */
  problems: string[];
}

const setOf = (path: string): { set: string; lang: string } | undefined => {
  const match = /^(.*)\/([^/]+)\.json$/.exec(path);
  return match ? { set: match[1] ?? '', lang: match[2] ?? '' } : undefined;
};

const baseOf = (key: string, dict: Dictionary): string => {
  const base = key.replace(SUFFIX, '');
  return base !== key && dict[`${base}_other`] !== undefined ? base : key;
};

/**
 * The contract's validation texts by the set that translates them: the core's in the shared set
 * (`sharedSet`), a feature's in its own (features/<name>/locales).
 */
export function validationTextSets(sharedSet: string): Record<string, Dictionary> {
  const features = Object.entries(FEATURE_VALIDATION_TEXTS).map(([name, texts]) => [
    `features/${name}/locales`,
    texts,
  ]);
  return { [sharedSet]: CORE_VALIDATION_TEXTS, ...Object.fromEntries(features) };
}

/**
 * Joins the text files (path → texts; a path is `<set folder>/<lang>.json`) and checks the sets:
 * every set has a file for each of `languages` (file names, `en` included), a language's file in a
 * set holds the keys (plural forms aside) of that set's English and no other, and no key of a
 * language is in two sets. `contractEnglish` is English a set answers for without holding it, by
 * set (the contract's validation texts, `validationTextSets`).
 */
export function assembleTexts(
  files: Readonly<Record<string, Dictionary>>,
  languages: readonly string[],
  contractEnglish: Readonly<Record<string, Dictionary>> = {},
): TextSets {
  const sets = new Map<string, Map<string, Dictionary>>();
  for (const [path, dict] of Object.entries(files)) {
    const where = setOf(path);
    if (!where) continue;
    const set = sets.get(where.set) ?? new Map<string, Dictionary>();
    set.set(where.lang, dict);
    sets.set(where.set, set);
  }
  const problems: string[] = [];
  const byLanguage: Record<string, Record<string, string>> = {};
  const owner = new Map<string, string>();
  for (const [set, dicts] of [...sets].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const english = { ...contractEnglish[set], ...dicts.get(ENGLISH_FILE) };
    const englishBases = new Set(Object.keys(english).map((k) => baseOf(k, english)));
    for (const lang of languages) {
      const dict = dicts.get(lang);
      if (!dict) {
        problems.push(`${set}: no ${lang}.json`);
        continue;
      }
      const joined = (byLanguage[lang] ??= {});
      for (const [key, value] of Object.entries(dict)) {
        const before = owner.get(`${lang}\u0000${key}`);
        if (before !== undefined) problems.push(`${key}: in ${before}/${lang}.json and ${set}/${lang}.json`);
        owner.set(`${lang}\u0000${key}`, set);
        joined[key] = value;
      }
      if (lang === ENGLISH_FILE) continue;
      const bases = new Set(Object.keys(dict).map((k) => baseOf(k, english)));
      for (const base of englishBases)
        if (!bases.has(base)) problems.push(`${set}/${lang}.json: lacks ${base}`);
      for (const base of bases)
        if (!englishBases.has(base)) problems.push(`${set}/${lang}.json: ${base} is not in its en.json`);
    }
    for (const lang of dicts.keys())
      if (!languages.includes(lang)) problems.push(`${set}: ${lang}.json is no language of the app`);
  }
  return { byLanguage, problems };
}
