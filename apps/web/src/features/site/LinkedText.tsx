import type { ReactNode } from 'react';
import { Link } from 'react-router';

const MARKDOWN_LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;
const linkClass = 'font-medium text-text-primary underline underline-offset-2 hover:opacity-80';

/**
 * Text whose markdown-style links (`[label](href)`) become links: an app path a
 * router link, https and mailto an ordinary one; anything else stays text.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(MARKDOWN_LINK)) {
    const [whole, label, href] = m as unknown as [string, string, string];
    parts.push(text.slice(at, m.index));
    if (/^\/(?!\/)/.test(href)) {
      parts.push(
        <Link key={m.index} to={href} className={linkClass}>
          {label}
        </Link>,
      );
    } else if (/^(https:\/\/|mailto:)/i.test(href)) {
      parts.push(
        <a key={m.index} href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {label}
        </a>,
      );
    } else {
      parts.push(whole);
    }
    at = m.index + whole.length;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
