/**
 * Reading the parts of an OpenAI chat request the fake cares about. Requests come from arbitrary
 * clients, so everything is treated as untrusted `unknown` and read defensively.
 */
import { stripDirectives } from './directive.js';

export interface ChatMessage {
  role: string;
  /** Plain text of the message: string content, or the `text` parts of an array joined by newlines. */
  text: string;
}

/** Normalises `messages` into role + text pairs; returns undefined if it is not an array. */
export function readMessages(raw: unknown): ChatMessage[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.map((m: unknown) => {
    const msg = (m ?? {}) as { role?: unknown; content?: unknown };
    return { role: typeof msg.role === 'string' ? msg.role : '', text: contentText(msg.content) };
  });
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    const p = part as { type?: unknown; text?: unknown } | null;
    if (p && p.type === 'text' && typeof p.text === 'string') texts.push(p.text);
  }
  return texts.join('\n');
}

export function lastUserText(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') return messages[i]!.text;
  }
  return '';
}

/**
 * The results of the tool calls answered since the last user message (an agent's later step), in
 * order; empty when the conversation ends with the user's message.
 */
export function toolResultsSinceLastUser(messages: ChatMessage[]): string[] {
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]!.role !== 'user'; i--) {
    if (messages[i]!.role === 'tool') results.unshift(messages[i]!.text);
  }
  return results;
}

/** A "continue" request ends with the assistant's partial answer, asking the model to go on. */
export function isContinueRequest(messages: ChatMessage[]): boolean {
  return messages.at(-1)?.role === 'assistant';
}

/**
 * Title requests: non-streaming, and a system or user message mentions "title". The app asks for
 * conversation titles this way; answering them deterministically (and never consuming the script
 * queue) keeps background title generation from stealing scripts meant for the chat reply.
 */
export function isTitleRequest(messages: ChatMessage[], stream: boolean): boolean {
  if (stream) return false;
  return messages.some((m) => (m.role === 'system' || m.role === 'user') && /title/i.test(m.text));
}

/** A title longer than this is cut after a whole word. */
const TITLE_MAX_CHARS = 60;

/**
 * Title = the first sentence of the first user message (directives removed), as a model would
 * keep a short question whole: every word and its punctuation stay. A sentence too long for a
 * title is cut after the last whole word that fits.
 */
export function titleFor(messages: ChatMessage[]): string {
  const first = messages.find((m) => m.role === 'user');
  const line =
    stripDirectives(first?.text ?? '')
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .find((l) => /[\p{L}\p{N}]/u.test(l)) ?? '';
  if (!line) return 'New Chat';
  const sentence = /^.*?[.?!](?=\s|$)/u.exec(line)?.[0] ?? line;
  if (sentence.length <= TITLE_MAX_CHARS) return sentence;
  const cut = sentence.slice(0, TITLE_MAX_CHARS + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, TITLE_MAX_CHARS)).replace(/[\s,;:]+$/, '');
}

/** Rough prompt size for `usage` (about 4 characters per token, like OpenAI's rule of thumb). */
export function estimatePromptTokens(messages: ChatMessage[]): number {
  let chars = 0;
  for (const m of messages) chars += m.text.length;
  return Math.max(1, Math.ceil(chars / 4));
}
