/**
 * Dates and numbers in the UI's language: every date or number shown goes through these, given
 * i18n.language (its components re-render when the language changes). Intl does not know the
 * product's zh-TC code (it would read TC as a region and format Simplified Chinese): mapped here.
 */
export function intlLocale(lang: string): string {
  return lang === 'zh-TC' ? 'zh-Hant-TW' : lang;
}

function safely<T>(make: (locale: string) => T, lang: string): T {
  try {
    return make(intlLocale(lang));
  } catch {
    return make('en-US');
  }
}

export function dateFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return safely((locale) => new Intl.DateTimeFormat(locale, options), lang);
}

/** A date (ISO text, epoch ms or Date) in the language; '' when it does not parse. */
export function formatDate(
  value: string | number | Date,
  lang: string,
  options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' },
): string {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : dateFormat(lang, options).format(d);
}

export function formatNumber(value: number, lang: string, options: Intl.NumberFormatOptions = {}): string {
  return safely((locale) => new Intl.NumberFormat(locale, options), lang).format(value);
}
