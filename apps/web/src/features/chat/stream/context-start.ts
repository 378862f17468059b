import type { PathEntry } from '../../../lib/tree';

/**
 * Where the model's context begins on the branch shown: the message above which the chat draws
 * its divider, or undefined for none. The newest reply of the branch decides, as the server saved
 * it (its `contextMessageId`, the first message the model was shown when older ones were left out
 * or summarized to fit): a reply whose whole conversation fit has none and clears the divider.
 * The messages are the only source, so a reload, another device or a resumed stream shows the
 * same divider as the tab that streamed the reply.
 *
 * `untoldId`: a reply sent whose created event has not come yet (the server has not said where
 * its context begins): while it has no start of its own, the reply before it decides.
 *
 * No divider above the conversation's first message (nothing is left out above it), nor for a
 * message not on this branch.
 */
export function contextStartOf(
  path: readonly PathEntry[],
  untoldId: string | null = null,
): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const m = path[i]!.message;
    if (m.isCreatedByUser) continue;
    if (m.messageId === untoldId && !m.contextMessageId) continue;
    const start = m.contextMessageId;
    if (!start) return undefined;
    // Its start is above it on this branch, never the branch's first message.
    for (let j = i; j > 0; j--) if (path[j]!.message.messageId === start) return start;
    return undefined;
  }
  return undefined;
}
