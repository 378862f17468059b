import type { ExportPayload } from './payload';
import { oneLine } from './payload';

const RULE = '########################';

/** Plain text: the conversation, its options, then each message under its sender. */
export function toText(p: ExportPayload): string {
  let out = `Conversation\n${RULE}\n`;
  out += `conversationId: ${p.conversationId}\nendpoint: ${oneLine(p.endpoint)}\ntitle: ${oneLine(p.title)}\nexportAt: ${p.exportAt}\n`;
  if (p.options) {
    out += `\nOptions\n${RULE}\n`;
    for (const [key, value] of Object.entries(p.options)) out += `${key}: ${oneLine(value)}\n`;
  }
  out += `\nHistory\n${RULE}\n`;
  for (const m of p.messages) {
    out += `>> ${oneLine(m.sender)}${m.error ? ' (error)' : ''}:\n${m.text}\n\n`;
  }
  return out;
}

/** Markdown: the same sections as headings and lists, each message under its bold sender. */
export function toMarkdown(p: ExportPayload): string {
  const escapeInline = (s: string) => oneLine(s).replace(/([\\`*_[\]#<>|])/g, '\\$1');
  let out = '# Conversation\n';
  out += `- conversationId: ${p.conversationId}\n- endpoint: ${escapeInline(p.endpoint)}\n- title: ${escapeInline(p.title)}\n- exportAt: ${p.exportAt}\n`;
  if (p.options) {
    out += '\n## Options\n';
    for (const [key, value] of Object.entries(p.options))
      out += `- ${key}: ${escapeInline(oneLine(value))}\n`;
  }
  out += '\n## History\n';
  for (const m of p.messages) {
    out += `**${escapeInline(m.sender)}${m.error ? ' (error)' : ''}:**\n${m.text}\n\n`;
  }
  return out;
}
