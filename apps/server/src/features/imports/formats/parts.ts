import type { ImportPartSkipReason } from '@chat/contract';
import { isRecord, type PartSkips } from './types.js';

/**
 * What an export holds besides plain text (tool calls and their results, images, attachments,
 * reasoning) written as Markdown the chat renders, so an imported message shows all of it. The
 * marks are symbols, not words: the text is stored once and read in any language.
 */

export type { PartSkips } from './types.js';

export function countSkip(skips: PartSkips, reason: ImportPartSkipReason): void {
  skips[reason] = (skips[reason] ?? 0) + 1;
}

/** Longest address or pointer shown; a data: URL would otherwise put a whole image in the text. */
const MAX_POINTER_CHARS = 200;

/** A name shown in inline code: no backticks or line breaks, at most 100 characters. */
function codeName(name: string): string {
  const clean = name
    .replace(/[`\r\n]+/g, ' ')
    .trim()
    .slice(0, 100);
  return clean ? `\`${clean}\`` : '';
}

function pointer(ref: string): string {
  return ref.length > MAX_POINTER_CHARS ? `${ref.slice(0, MAX_POINTER_CHARS)}…` : ref;
}

/** A fenced code block whose fence is longer than any run of backticks inside it. */
export function fenced(text: string, language = ''): string {
  let fence = '```';
  for (const run of text.match(/`{3,}/g) ?? [])
    if (run.length >= fence.length) fence = '`'.repeat(run.length + 1);
  const info = /^[\w+#.-]{1,32}$/.test(language) ? language : '';
  return `${fence}${info}\n${text}\n${fence}`;
}

/** Each line quoted (a blockquote), after `mark`. */
export function quoted(text: string, mark = ''): string {
  const body = mark ? `${mark} ${text}` : text;
  return body
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** A tool's call: the tool's name, then what it was given. */
export function toolCall(name: string, input: string, language = ''): string {
  const head = `🛠️ ${codeName(name) || '`tool`'}`;
  return input.trim() ? `${head}\n${fenced(input, language)}` : head;
}

/** A tool's result, as the tool returned it. */
export function toolResult(output: string): string {
  return output.trim() ? fenced(output) : '';
}

/** An image the export points to but does not carry (its address or the source's file id). */
export function imageLine(ref: string, width?: unknown, height?: unknown): string {
  const size =
    typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0
      ? ` (${Math.round(width)}×${Math.round(height)})`
      : '';
  return `🖼️ ${codeName(pointer(ref)) || '`image`'}${size}`;
}

/** A file attached to the message (its name; the file itself is not in the export). */
export function attachmentLine(name: string): string {
  return `📎 ${codeName(name) || '`file`'}`;
}

/** An error the source showed in the conversation. */
export function errorLine(text: string): string {
  return `⚠️ ${text}`;
}

/** A Markdown link to an http(s) address, or null for any other address. */
export function markdownLink(title: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const label = (title.replace(/\s+/g, ' ').trim() || parsed.hostname).replace(/([[\]\\])/g, '\\$1');
  const href = parsed.href.replace(/[()\s]/g, (c) => encodeURIComponent(c));
  return `[${label}](${href})`;
}

/** A JSON value as readable text: a string as is, anything else indented. */
export function jsonText(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  if (value === undefined || value === null) return '';
  return JSON.stringify(value, null, 2);
}

/** The pieces of a message joined by blank lines, empty ones left out. */
export const joinParts = (parts: readonly string[]): string =>
  parts.filter((p) => p.trim() !== '').join('\n\n');

/** A string, or the `value` of LibreChat's `{ value }` text objects; '' otherwise. */
export function stringOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.value === 'string') return value.value;
  return '';
}
