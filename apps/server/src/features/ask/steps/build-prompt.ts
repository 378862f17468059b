import type { MessageRow } from '../../../db/schema.js';
import type { ProviderContentPart, ProviderMessage, ProviderRequest } from '../../../providers/types.js';
import type { Configured, History, Recorded } from './types.js';

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
    const parts = isLeaf && m.isCreatedByUser && opts.parts?.length ? opts.parts : undefined;
    if (parts) {
      out.push({
        role: 'user',
        content: [...(m.text ? [{ type: 'text' as const, text: m.text }] : []), ...parts],
      });
      continue;
    }
    if (!m.text || (m.error && !m.isCreatedByUser)) continue;
    out.push({ role: m.isCreatedByUser ? 'user' : 'assistant', content: m.text });
  }
  if (opts.continuePrefix) out.push({ role: 'assistant', content: opts.continuePrefix });
  return out;
}

/** build prompt: the request to the provider for this turn, with the just-saved user message. */
export function buildPrompt(
  model: string,
  history: Pick<History, 'byId'>,
  recorded: Pick<Recorded, 'requestMessage' | 'prefix'>,
  configured: Configured,
  parts: readonly ProviderContentPart[] = [],
): ProviderRequest {
  const byId = new Map(history.byId);
  byId.set(recorded.requestMessage.messageId, recorded.requestMessage);
  return {
    model,
    messages: buildHistory(byId, recorded.requestMessage.messageId, {
      promptPrefix: configured.options.promptPrefix,
      continuePrefix: recorded.prefix || undefined,
      parts,
    }),
    params: configured.params,
  };
}
