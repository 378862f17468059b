import { NO_PARENT, type Message } from '@chat/contract';
import type { ExportPayload } from './payload';
import { oneLine } from './payload';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#0d0d0d;--muted:#5d5d5d;--user:#f4f4f4;--line:#e3e3e3}
@media (prefers-color-scheme:dark){:root{--bg:#212121;--fg:#ececec;--muted:#b4b4b4;--user:#2f2f2f;--line:#424242}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:48rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.5rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;font-size:.875rem;color:var(--muted);margin:0 0 1.5rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
h2{font-size:1.1rem;margin:1.5rem 0 .75rem}
article{margin:0 0 1rem;padding:.75rem 1rem;border-radius:1rem}
article.user{background:var(--user)}
article.error{border:1px solid #ef4444}
article header{font-weight:600;font-size:.875rem;margin-bottom:.25rem}
.text{white-space:pre-wrap;overflow-wrap:anywhere}
details{border-left:2px solid var(--line);padding-left:1rem;margin:0 0 1rem}
summary{cursor:pointer;color:var(--muted);font-size:.875rem;margin-bottom:.5rem}
`;

function article(m: Message): string {
  const classes = [m.isCreatedByUser ? 'user' : 'assistant', ...(m.error ? ['error'] : [])].join(' ');
  return `<article class="${classes}"><header>${escapeHtml(oneLine(m.sender))}</header><div class="text">${escapeHtml(m.text)}</div></article>`;
}

/**
 * The messages from `start` down: a chain of single replies stays flat; where a message has
 * several replies, each branch is a <details> of its own (nesting only at branch points).
 */
function renderBranches(
  start: readonly Message[],
  children: Map<string, Message[]>,
  labels: (i: number, n: number) => string,
): string {
  let html = '';
  const seen = new Set<string>();
  const walk = (first: Message): string => {
    let out = '';
    let m: Message | undefined = first;
    while (m && !seen.has(m.messageId)) {
      seen.add(m.messageId);
      out += article(m);
      const kids: Message[] = children.get(m.messageId) ?? [];
      if (kids.length > 1) {
        out += kids
          .map(
            (kid, i) =>
              `<details open><summary>${escapeHtml(labels(i + 1, kids.length))}</summary>${walk(kid)}</details>`,
          )
          .join('');
        break;
      }
      m = kids[0];
    }
    return out;
  };
  if (start.length > 1) {
    html = start
      .map(
        (m, i) =>
          `<details open><summary>${escapeHtml(labels(i + 1, start.length))}</summary>${walk(m)}</details>`,
      )
      .join('');
  } else if (start[0]) {
    html = walk(start[0]);
  }
  return html;
}

/**
 * A standalone web page of the conversation: every text escaped, no script (its own
 * Content-Security-Policy allows inline styles only), light and dark by the reader's setting.
 */
export interface WebpageLabels {
  lang: string;
  options: string;
  history: string;
  branch: (index: number, count: number) => string;
}
const ENGLISH: WebpageLabels = {
  lang: 'en',
  options: 'Options',
  history: 'History',
  branch: (i, n) => `Branch ${i} / ${n}`,
};

export function toWebpage(p: ExportPayload, labels: WebpageLabels = ENGLISH): string {
  const meta: [string, string][] = [
    ['conversationId', p.conversationId],
    ['endpoint', p.endpoint],
    ['exportAt', p.exportAt],
  ];
  const dl = (rows: [string, unknown][]) =>
    `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(oneLine(v))}</dd>`).join('')}</dl>`;
  let history: string;
  if (p.branches) {
    const ids = new Set(p.messages.map((m) => m.messageId));
    const children = new Map<string, Message[]>();
    const roots: Message[] = [];
    for (const m of p.messages) {
      if (m.parentMessageId === NO_PARENT || !ids.has(m.parentMessageId)) {
        roots.push(m);
        continue;
      }
      const list = children.get(m.parentMessageId);
      if (list) list.push(m);
      else children.set(m.parentMessageId, [m]);
    }
    history = renderBranches(roots, children, labels.branch);
  } else {
    history = p.messages.map(article).join('');
  }
  return `<!doctype html>
<html lang="${escapeHtml(labels.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(oneLine(p.title))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(oneLine(p.title))}</h1>
${dl(meta)}
${p.options ? `<h2>${escapeHtml(labels.options)}</h2>${dl(Object.entries(p.options))}` : ''}
<h2>${escapeHtml(labels.history)}</h2>
${history}
</main>
</body>
</html>
`;
}
