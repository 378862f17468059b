/**
 * What a dictionary lacks against English: used by the locales test (which fails on any finding)
 * and by `npm run i18n:check` (which lists them per locale, for whoever fills the keys).
 *
 * English (en.json, the route chunks' English in chunks/, and the contract's VALIDATION_TEXTS) is
 * the reference. A key whose English has
 * `_other` is a plural: a locale needs exactly the forms its language has (Intl.PluralRules), and
 * its forms may leave out {{count}} (Arabic's "two minutes" is one word) but no other placeholder.
 */
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
