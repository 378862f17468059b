import {
  artifactsAsMarkdown,
  SHARE_TEXTS,
  type Language,
  type SharedSnapshot,
  type SiteTranslator,
} from '@chat/contract';
import { escapeHtml } from '../../platform/html/spa-page.js';
import { renderSafeMarkdown } from '../blog/index.js';

/**
 * The page of a shared snapshot: whole HTML written here, so a reader's browser runs no app code.
 * Every text is escaped; a reply's Markdown goes through the blog's sanitizing renderer (raw
 * HTML dropped). Its own words are in the reader's language, from the dictionaries the public
 * pages use. Never indexed: a link is meant for the people it is given to.
 */
const STYLE = `
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0d0d0d;background:#fff}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem 4rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
.note{color:#5d5d5d;font-size:.875rem;margin:0 0 1.5rem}
.msg{padding:.75rem 1rem;border-radius:.75rem;margin:0 0 1rem;overflow-wrap:anywhere}
.msg.user{background:#f4f4f4}
.msg.error{border:1px solid #e5484d}
.plain{white-space:pre-wrap}
.who{font-weight:600;font-size:.875rem;margin:0 0 .25rem}
pre{overflow:auto;background:#f6f8fa;padding:.75rem;border-radius:.5rem;margin:0}
.md-code{margin:0 0 1rem;border-radius:.5rem;overflow:hidden}
.md-code pre{border-radius:0}
.md-code-bar{font-size:.75rem;padding:.25rem .75rem;background:#e8e8e8;color:#5d5d5d}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.875em}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .5rem}
img{max-width:100%}
@media (prefers-color-scheme:dark){body{background:#212121;color:#ececec}.note{color:#b4b4b4}
.msg.user{background:#2f2f2f}pre{background:#171717}.md-code-bar{background:#2f2f2f;color:#b4b4b4}}
`;

/** The page's own words in one language, and its `<html lang dir>`. */
interface SharePageTexts {
  lang: string;
  dir: 'ltr' | 'rtl';
  you: string;
  note: string;
  empty: string;
  notFound: string;
}

/** The web's keys of the page's words (the app's own shared page shows the same ones). */
const KEYS = {
  you: 'com_share_page_you',
  note: 'com_share_page_note',
  empty: 'com_share_page_empty',
  notFound: 'com_share_not_found',
} as const;

const ENGLISH: SharePageTexts = {
  lang: 'en',
  dir: 'ltr',
  you: SHARE_TEXTS.pageYou,
  note: SHARE_TEXTS.pageNote,
  empty: SHARE_TEXTS.pageEmpty,
  notFound: SHARE_TEXTS.notFound,
};

/**
 * The words in `language`, from the web build's dictionaries; without a built web client (no
 * dictionaries to read) the page is English and says so in its `lang`.
 */
export function sharePageTexts(translate: SiteTranslator | undefined, language: Language): SharePageTexts {
  if (!translate) return ENGLISH;
  const { lang, dir, texts } = translate(language, Object.values(KEYS));
  const text = (key: keyof typeof KEYS) => texts[KEYS[key]] ?? ENGLISH[key];
  return {
    lang,
    dir,
    you: text('you'),
    note: text('note'),
    empty: text('empty'),
    notFound: text('notFound'),
  };
}

function document(texts: SharePageTexts, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(texts.lang)}" dir="${texts.dir === 'rtl' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The snapshot's page: its title and each message with its sender, Markdown rendered safely. */
export async function renderSharePage(
  snapshot: SharedSnapshot,
  appTitle: string,
  texts: SharePageTexts,
): Promise<string> {
  const items = await Promise.all(
    snapshot.messages.map(async (m) => {
      const classes = ['msg', m.isCreatedByUser ? 'user' : 'reply', ...(m.error ? ['error'] : [])];
      const who = m.isCreatedByUser ? texts.you : m.sender;
      // A person's own words are shown as written; a reply's Markdown is rendered, its artifacts
      // as titled code (no panel draws them here). Each reads in its own direction (an English
      // reply on an Arabic page).
      const content = m.isCreatedByUser
        ? `<p class="plain" dir="auto">${escapeHtml(m.text)}</p>`
        : `<div dir="auto">${await renderSafeMarkdown(artifactsAsMarkdown(m.text))}</div>`;
      return `<article class="${classes.join(' ')}"><p class="who">${escapeHtml(who)}</p>${content}</article>`;
    }),
  );
  const body = [
    `<h1>${escapeHtml(snapshot.title)}</h1>`,
    `<p class="note">${escapeHtml(texts.note)} · ${escapeHtml(appTitle)}</p>`,
    items.length > 0 ? items.join('\n') : `<p>${escapeHtml(texts.empty)}</p>`,
  ].join('\n');
  return document(texts, `${snapshot.title} · ${appTitle}`, body);
}

/** The page of a link that does not exist (never made, or deleted). */
export function renderMissingPage(appTitle: string, texts: SharePageTexts): string {
  return document(texts, appTitle, `<h1>${escapeHtml(texts.notFound)}</h1>`);
}
