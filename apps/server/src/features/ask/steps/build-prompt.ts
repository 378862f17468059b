import type { MessageRow } from '../../../db/schema.js';
import type { ProviderContentPart, ProviderMessage, ProviderRequest } from '../../../providers/types.js';
import type { Configured, History, Recorded } from './types.js';

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

/**
 * The prompt for a reply: the branch from the root down to `leafId` (walking parentMessageId up
 * through the conversation's messages, loaded once), after the system prompt (promptPrefix).
 * Failed AI replies and empty texts are left out. With `continuePrefix`, the prompt ends with
 * that assistant text so the model continues it. `parts` (attached files) go with the leaf's
 * text when the leaf is the user's.
 */
export function buildHistory(
  byId: ReadonlyMap<string, MessageRow>,
  leafId: string,
  opts: {
    promptPrefix?: string | null | undefined;
    continuePrefix?: string | undefined;
    parts?: readonly ProviderContentPart[] | undefined;
    /** Parts of earlier user messages of the branch, by id (images sent again). */
    earlier?: ReadonlyMap<string, readonly ProviderContentPart[]> | undefined;
  } = {},
): ProviderMessage[] {
  const branch: MessageRow[] = [];
  const seen = new Set<string>();
  let cur = byId.get(leafId);
  while (cur && !seen.has(cur.messageId)) {
    seen.add(cur.messageId);
    branch.push(cur);
    cur = byId.get(cur.parentMessageId);
  }
  branch.reverse();

  const out: ProviderMessage[] = [];
  if (opts.promptPrefix?.trim()) out.push({ role: 'system', content: opts.promptPrefix });
  for (const m of branch) {
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
    out.push(message);
  }
  if (opts.continuePrefix) out.push({ role: 'assistant', content: withoutInlineImages(opts.continuePrefix) });
  return out;
}

/** build prompt: the request to the provider for this turn, with the just-saved user message. */
export function buildPrompt(
  model: string,
  history: Pick<History, 'byId'>,
  recorded: Pick<Recorded, 'requestMessage' | 'prefix'>,
  configured: Configured,
  parts: readonly ProviderContentPart[] = [],
  earlier?: ReadonlyMap<string, readonly ProviderContentPart[]>,
): ProviderRequest {
  const byId = new Map(history.byId);
  byId.set(recorded.requestMessage.messageId, recorded.requestMessage);
  return {
    model,
    messages: buildHistory(byId, recorded.requestMessage.messageId, {
      promptPrefix: configured.options.promptPrefix,
      continuePrefix: recorded.prefix || undefined,
      parts,
      earlier,
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
