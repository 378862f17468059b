import { usableExamples, type Example } from '@chat/contract';
import type { MessageRow } from '../../../db/schema.js';
import type { ProviderContentPart, ProviderMessage, ProviderRequest } from '../../../providers/types.js';
import { messageTokenBound } from '../../../providers/token-count.js';
import type { Configured, History } from './types.js';

/**
 * The saved message each prompt message was made from (by object: shapers that keep a message
 * keep its source), so fitting the context can count saved messages once and say where the
 * context begins.
 */
const SOURCES = new WeakMap<ProviderMessage, string>();

/** The id of the saved message `m` was made from, if any. */
export function sourceIdOf(m: ProviderMessage): string | undefined {
  return SOURCES.get(m);
}

/** An image inlined in a reply (a plugin's generated picture) as Markdown with a data: URL. */
const INLINE_IMAGE = /!\[([^\]\n]*)\]\(data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]*\)/g;

/**
 * A reply's text as a model is shown it again: an inlined image (megabytes of base64) becomes a
 * short `[image: alt]` note; the saved text keeps the image.
 */
export function withoutInlineImages(text: string): string {
  return text.includes('](data:image/')
    ? text.replace(INLINE_IMAGE, (_m, alt: string) => `[image: ${alt}]`)
    : text;
}

/** What the prompt reads of a saved message (or of the user message about to be saved). */
export type PromptSource = Pick<
  MessageRow,
  'messageId' | 'parentMessageId' | 'isCreatedByUser' | 'text' | 'error'
>;

/** Fitting while the history is built: the prompt's token budget and how a message counts. */
export interface HistoryFit {
  budget: number;
  count: (m: ProviderMessage) => number;
  /** Set when the walk stopped before the branch's first message. */
  trimmed?: boolean;
}

/**
 * The prompt for a reply: the branch from the root down to `leafId` (walking parentMessageId up
 * through the conversation's messages, loaded once), after the system prompt (promptPrefix).
 * Failed AI replies and empty texts are left out. With `continuePrefix`, the prompt ends with
 * that assistant text so the model continues it. `parts` (attached files) go with the leaf's
 * text when the leaf is the user's.
 *
 * With `fit`, the walk up stops once the messages so far (the newest user message at least)
 * hold more than the budget: what is older could not be sent (steps/fit-context.ts cuts the
 * rest), so a long conversation's prompt costs what its model's context holds, not its length.
 */
export function buildHistory(
  byId: { get(id: string): PromptSource | undefined },
  leafId: string,
  opts: {
    promptPrefix?: string | null | undefined;
    /** Google's example turns, after the system prompt and before the conversation. */
    examples?: readonly Example[] | null | undefined;
    continuePrefix?: string | undefined;
    parts?: readonly ProviderContentPart[] | undefined;
    /** Parts of earlier user messages of the branch, by id (images sent again). */
    earlier?: ReadonlyMap<string, readonly ProviderContentPart[]> | undefined;
    fit?: HistoryFit | undefined;
  } = {},
): ProviderMessage[] {
  // Newest first, reversed at the end.
  const history: ProviderMessage[] = [];
  const seen = new Set<string>();
  const fit = opts.fit;
  // The tokens of history[0, counted), counted once `bound` (the bytes' bound) passed the budget.
  let used = 0;
  let counted = 0;
  let bound = 0;
  let hasUser = false;
  for (let m = byId.get(leafId); m && !seen.has(m.messageId); m = byId.get(m.parentMessageId)) {
    seen.add(m.messageId);
    const isLeaf = m.messageId === leafId;
    const parts = !m.isCreatedByUser
      ? undefined
      : isLeaf
        ? opts.parts?.length
          ? opts.parts
          : undefined
        : opts.earlier?.get(m.messageId);
    let message: ProviderMessage;
    if (parts) {
      message = {
        role: 'user',
        content: [...(m.text ? [{ type: 'text' as const, text: m.text }] : []), ...parts],
      };
    } else {
      if (!m.text || (m.error && !m.isCreatedByUser)) continue;
      message = m.isCreatedByUser
        ? { role: 'user', content: m.text }
        : { role: 'assistant', content: withoutInlineImages(m.text) };
    }
    SOURCES.set(message, m.messageId);
    history.push(message);
    if (fit) {
      hasUser ||= message.role === 'user';
      // Counting starts once the messages' bytes (more than their tokens) pass the budget:
      // a conversation that fits by its bytes is never counted (nor the tokenizer loaded).
      bound += messageTokenBound(message);
      if (bound > fit.budget) {
        while (counted < history.length) used += fit.count(history[counted++]!);
        if (hasUser && used > fit.budget) {
          fit.trimmed = true;
          break;
        }
      }
    }
  }
  history.reverse();

  const out: ProviderMessage[] = [];
  if (opts.promptPrefix?.trim()) out.push({ role: 'system', content: opts.promptPrefix });
  for (const example of usableExamples(opts.examples)) {
    out.push({ role: 'user', content: example.input.content });
    out.push({ role: 'assistant', content: example.output.content });
  }
  out.push(...history);
  if (opts.continuePrefix) out.push({ role: 'assistant', content: withoutInlineImages(opts.continuePrefix) });
  return out;
}

/**
 * build prompt: the request to the provider for this turn, with its user message (saved, or about
 * to be: the prompt is built before the turn is written).
 */
export function buildPrompt(
  model: string,
  history: Pick<History, 'byId'>,
  recorded: { requestMessage: PromptSource; prefix: string },
  configured: Configured,
  parts: readonly ProviderContentPart[] = [],
  earlier?: ReadonlyMap<string, readonly ProviderContentPart[]>,
  fit?: HistoryFit,
): ProviderRequest {
  // The loaded messages with this turn's, without copying a long conversation's map.
  const request = recorded.requestMessage;
  const byId = {
    get: (id: string) => (id === request.messageId ? request : history.byId.get(id)),
  };
  return {
    model,
    messages: buildHistory(byId, request.messageId, {
      promptPrefix: configured.options.promptPrefix,
      examples: configured.options.examples,
      continuePrefix: recorded.prefix || undefined,
      parts,
      earlier,
      fit,
    }),
    params: configured.params,
    ...chatOptionsOf(configured.options),
  };
}

/** The options only some upstreams read (Bing's tone, Sydney mode, system message, context). */
function chatOptionsOf(o: Configured['options']): Pick<ProviderRequest, 'chatOptions'> {
  const chatOptions = {
    ...(o.toneStyle ? { toneStyle: o.toneStyle } : {}),
    ...(typeof o.jailbreak === 'boolean' ? { jailbreak: o.jailbreak } : {}),
    ...(o.systemMessage ? { systemMessage: o.systemMessage } : {}),
    ...(o.context ? { context: o.context } : {}),
  };
  return Object.keys(chatOptions).length > 0 ? { chatOptions } : {};
}
