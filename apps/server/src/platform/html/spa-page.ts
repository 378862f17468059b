import { sitePageMeta } from '@chat/contract';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * index.html for one public page: its own <title> and <meta name="description">, so a
 * crawler or a link preview sees them without running the app (which sets document.title itself
 * on later navigations). Undefined for every other path: index.html is served as built. Only the
 * head's title is touched and a meta tag added; the scripts stay as they are (the CSP allows
 * 'self' scripts only, no inline ones).
 */
export function renderSpaPage(indexHtml: string, pathname: string, appTitle: string): string | undefined {
  const meta = sitePageMeta(pathname);
  if (!meta) return undefined;
  const title = meta.title ? `${meta.title} · ${appTitle}` : appTitle;
  return renderPageHead(indexHtml, { title, description: meta.description });
}

/**
 * The head of a page whose texts come from data (a blog post): its title and description, and
 * optionally a canonical link, Open Graph tags and one JSON-LD object (SEO meta
 * tags and structured data), for crawlers and link previews, which do not run the app.
 */
export interface PageHead {
  /** The whole <title>. */
  title: string;
  description: string;
  canonical?: string;
  /** `og:<key>` → content, in order (og:title, og:type, …). */
  openGraph?: readonly (readonly [string, string])[];
  /** Serialised with `<`, `>`, `&` and U+2028/9 escaped, so no text can end the script element. */
  jsonLd?: Record<string, unknown>;
  /** A page search engines should leave out (a missing post). */
  noindex?: boolean;
}

/** JSON safe inside a <script> element: nothing in it can close the element or start a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * index.html with `head` written in: its <title> replaced, the other tags added before </head>.
 * Every text is escaped; the JSON-LD block is data (`type="application/ld+json"`), which the CSP's
 * script-src does not concern: browsers never run it.
 */
export function renderPageHead(indexHtml: string, head: PageHead): string {
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.noindex) lines.push('<meta name="robots" content="noindex" />');
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  for (const [key, content] of head.openGraph ?? []) {
    lines.push(`<meta property="og:${escapeHtml(key)}" content="${escapeHtml(content)}" />`);
  }
  if (head.jsonLd) lines.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  const [first, ...rest] = lines;
  // Whether index.html has a title is asked, not inferred from a change: a title equal to the
  // built one changes nothing and must not be written a second time.
  const TITLE = /<title>[^<]*<\/title>/;
  const base = TITLE.test(indexHtml)
    ? indexHtml.replace(TITLE, () => first!)
    : indexHtml.replace('</head>', () => `    ${first}\n  </head>`);
  if (!rest.length) return base;
  return base.replace('</head>', () => `  ${rest.join('\n    ')}\n  </head>`);
}

/** A feature's server-rendered pages: the head of a path it owns, or undefined (not its path). */
type PageHeadResolver = (pathname: string) => Promise<PageHead | undefined>;

declare module '../module.js' {
  interface ExtensionPoints {
    /** Heads of pages rendered from data (the blog's posts), asked in module order. */
    pageHeads: PageHeadResolver;
  }
}
