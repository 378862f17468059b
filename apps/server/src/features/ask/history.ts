import type { MessageRow } from '../../db/schema.js';
import type { ProviderMessage } from '../../providers/types.js';

/**
 * The prompt for a reply: the branch from the root down to `leafId` (walking parentMessageId up
 * through the conversation's messages, loaded once), after the system prompt (promptPrefix).
 * Failed AI replies and empty texts are left out. With `continuePrefix`, the prompt ends with
 * that assistant text so the model continues it.
 */
export function buildHistory(
  byId: ReadonlyMap<string, MessageRow>,
  leafId: string,
  opts: { promptPrefix?: string | null | undefined; continuePrefix?: string | undefined } = {},
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
    if (!m.text || (m.error && !m.isCreatedByUser)) continue;
    out.push({ role: m.isCreatedByUser ? 'user' : 'assistant', content: m.text });
  }
  if (opts.continuePrefix) out.push({ role: 'assistant', content: opts.continuePrefix });
  return out;
}
