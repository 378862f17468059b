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
 * index.html for one public page (spec §2): its own <title> and <meta name="description">, so a
 * crawler or a link preview sees them without running the app (which sets document.title itself
 * on later navigations). Undefined for every other path: index.html is served as built. Only the
 * head's title is touched and a meta tag added; the scripts stay as they are (the CSP allows
 * 'self' scripts only, no inline ones).
 */
export function renderSpaPage(indexHtml: string, pathname: string, appTitle: string): string | undefined {
  const meta = sitePageMeta(pathname);
  if (!meta) return undefined;
  const title = meta.title ? `${meta.title} · ${appTitle}` : appTitle;
  const head =
    `<title>${escapeHtml(title)}</title>\n` +
    `    <meta name="description" content="${escapeHtml(meta.description)}" />`;
  const replaced = indexHtml.replace(/<title>[^<]*<\/title>/, () => head);
  return replaced === indexHtml ? indexHtml.replace('</head>', () => `    ${head}\n  </head>`) : replaced;
}
