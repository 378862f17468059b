import type { Message } from '@chat/contract';
import type { ExportPayload } from './payload';

/**
 * JSON in LibreChat's export shape, which the import reads back: conversationId, endpoint,
 * title, exportAt, branches, recursive, options (when included), and `messagesTree` (recursive:
 * each message with its children) or `messages` (a list linked by parentMessageId).
 */
export function toJson(p: ExportPayload): string {
  const data = {
    conversationId: p.conversationId,
    endpoint: p.endpoint,
    title: p.title,
    exportAt: p.exportAt,
    branches: p.branches,
    recursive: p.recursive,
    ...(p.options ? { options: p.options } : {}),
    ...(p.tree ? { messagesTree: p.tree } : { messages: p.messages }),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

const CSV_FIELDS = [
  'sender',
  'text',
  'isCreatedByUser',
  'error',
  'unfinished',
  'messageId',
  'parentMessageId',
  'createdAt',
] as const satisfies readonly (keyof Message)[];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text starting
 * with = + - @ or a tab is prefixed with ' so a spreadsheet does not run it as a formula.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV of the messages, one a row, with a byte-order mark so spreadsheets read it as UTF-8. */
export function toCsv(p: ExportPayload): string {
  const rows = [CSV_FIELDS.join(',')];
  for (const m of p.messages) rows.push(CSV_FIELDS.map((f) => csvCell(m[f])).join(','));
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
