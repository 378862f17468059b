import type { Mail } from './mailer.js';

/** Text for HTML: the five characters that could open markup or leave an attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailBody {
  to: string;
  subject: string;
  /** Paragraphs before the button. */
  intro: string[];
  action: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
}

/** A plain-text and an HTML version of the same mail; every value is escaped in the HTML. */
export function composeMail(body: MailBody): Mail {
  const text = [...body.intro, `${body.action.label}: ${body.action.url}`, ...body.outro].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#202123;line-height:1.5">',
    ...body.intro.map(p),
    `<p style="margin:0 0 16px"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#0b7d61;color:#fff;text-decoration:none">${escapeHtml(body.action.label)}</a></p>`,
    p(body.action.url),
    ...body.outro.map(p),
    '</body></html>',
  ].join('\n');
  return { to: body.to, subject: body.subject, text, html };
}
