import type { ProviderMessage, ProviderRequest } from './types.js';

/**
 * A conversation for an upstream that takes one new message plus context (the Bing chat hub, the
 * ChatGPT web backend): the last user message's text, and before it the system prompt and the
 * earlier turns written out as a transcript. Each turn sends the whole branch this way, so edits,
 * regenerations and branches work as on every other endpoint, with no upstream state to keep.
 */
export interface Transcript {
  /** The system prompt and the earlier turns ('' when there are none). */
  context: string;
  /** The new message. */
  text: string;
}

const textOf = (m: ProviderMessage): string => {
  if (typeof m.content === 'string') return m.content;
  return m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
};

export function transcriptOf(
  req: ProviderRequest,
  labels = { user: 'User', assistant: 'Assistant' },
): Transcript {
  const lastUser = req.messages.findLastIndex((m) => m.role === 'user');
  const text = lastUser >= 0 ? textOf(req.messages[lastUser]!) : '';
  const system: string[] = [];
  const turns: string[] = [];
  req.messages.forEach((m, i) => {
    if (i === lastUser) return;
    if (m.role === 'system') system.push(m.content);
    else if (m.role === 'user') turns.push(`[${labels.user}]\n${textOf(m)}`);
    else if (m.role === 'assistant' && m.content) turns.push(`[${labels.assistant}]\n${m.content}`);
  });
  const parts = [...system.filter((s) => s.trim())];
  if (turns.length > 0) parts.push(`The conversation so far:\n\n${turns.join('\n\n')}`);
  return { context: parts.join('\n\n'), text };
}
