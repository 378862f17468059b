import { matchLanguage, type Language } from '@chat/contract';

/**
 * The offered language an Accept-Language header asks for: its entries by weight (then order),
 * the first whose tag names a language the product offers; English when none does. Entries that
 * are not language tags (`*`, markup, empty) are passed over. Public pages and mails both answer
 * in it (the web app sends the language it is shown in).
 */
export function preferredLanguage(acceptLanguage: string | undefined): Language {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((e) => /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i.test(e.tag) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of wanted) {
    const lang = matchLanguage(tag);
    // matchLanguage answers English for anything it does not know: only a real match counts.
    if (lang !== 'en-US' || /^en\b/i.test(tag)) return lang;
  }
  return 'en-US';
}
