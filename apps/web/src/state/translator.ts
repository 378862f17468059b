/**
 * The UI's translations: flat dictionaries (key → text) per language, `{{name}}` placeholders and
 * plural forms chosen by Intl.PluralRules (`key_one`, `key_few`, … and `key_zero` for a count of
 * 0 when a dictionary has it). It does what the app used of i18next (same key format and lookup:
 * the language, then English, then the key itself) in a few hundred bytes instead of ~17 KiB
 * gzipped on every page's first load. Loading dictionaries and <html lang dir> live in ./i18n.
 */

export type Dictionary = Readonly<Record<string, string>>;
export type TOptions = Readonly<Record<string, unknown>>;
export type TFunction = (key: string, options?: TOptions) => string;

/** Languages written right to left (ar-EG is the product's one; the others for completeness). */
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'sd', 'ur', 'yi']);
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function pluralRules(lang: string): Intl.PluralRules {
  try {
    // zh-TC is the product's code for Traditional Chinese (Intl would read TC as a region).
    return new Intl.PluralRules(lang === 'zh-TC' ? 'zh-Hant-TW' : lang);
  } catch {
    return new Intl.PluralRules('en-US');
  }
}

export class Translator {
  language: string;
  private readonly fallback: string;
  private readonly bundles = new Map<string, Record<string, string>>();
  private readonly rules = new Map<string, Intl.PluralRules>();
  private readonly listeners = new Set<() => void>();

  constructor(language: string, fallback: string = language) {
    this.language = language;
    this.fallback = fallback;
  }

  /** Replaced on each language change, so memoised uses of `t` see the new language. */
  t: TFunction = this.makeT();

  addResourceBundle(lang: string, _namespace: 'translation', dictionary: Dictionary): void {
    this.bundles.set(lang, { ...this.bundles.get(lang), ...dictionary });
  }

  hasResourceBundle(lang: string, _namespace: 'translation'): boolean {
    return this.bundles.has(lang);
  }

  /** Whether the key has a text in the language or in the fallback. */
  exists(key: string): boolean {
    return (
      this.bundles.get(this.language)?.[key] !== undefined ||
      this.bundles.get(this.fallback)?.[key] !== undefined
    );
  }

  dir(lang: string = this.language): 'ltr' | 'rtl' {
    return RTL.has(lang.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
  }

  async changeLanguage(lang: string): Promise<void> {
    if (lang === this.language) return;
    this.language = lang;
    this.t = this.makeT();
    for (const listener of this.listeners) listener();
  }

  /** For useSyncExternalStore: called after every language change. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private makeT(): TFunction {
    return (key, options) => {
      const text =
        this.lookup(this.language, key, options) ?? this.lookup(this.fallback, key, options) ?? key;
      return options ? interpolate(text, options) : text;
    };
  }

  private lookup(lang: string, key: string, options: TOptions | undefined): string | undefined {
    const dictionary = this.bundles.get(lang);
    if (!dictionary) return undefined;
    const count = options?.count;
    if (typeof count === 'number') {
      let rules = this.rules.get(lang);
      if (!rules) this.rules.set(lang, (rules = pluralRules(lang)));
      const form =
        (count === 0 ? dictionary[`${key}_zero`] : undefined) ?? dictionary[`${key}_${rules.select(count)}`];
      if (form !== undefined) return form;
    }
    return dictionary[key];
  }
}

/** `{{name}}` → the option's value; a placeholder without a value becomes empty (as i18next). */
function interpolate(text: string, options: TOptions): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * The app's one translator. Empty until ./i18n (imported by main) adds the dictionaries, so a
 * component test that does not import it sees the keys.
 */
export const i18n = new Translator('en-US');
