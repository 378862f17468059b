/*
 * The last message of the branch the chat view shows, per conversation: the chat view publishes
 * it as the person steps between siblings, and the export dialog (opened from the sidebar) exports
 * that branch as "the current branch". In memory only.
 */
const leaves = new Map<string, string>();

export function setVisibleLeaf(conversationId: string, messageId: string | undefined): void {
  if (messageId === undefined) leaves.delete(conversationId);
  else leaves.set(conversationId, messageId);
}

/** The leaf the chat view last showed for the conversation; undefined when it never showed one. */
export function visibleLeaf(conversationId: string): string | undefined {
  return leaves.get(conversationId);
}
