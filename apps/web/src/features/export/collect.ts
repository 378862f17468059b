import { NO_PARENT, type Conversation, type Message } from '@chat/contract';
import { ancestry, childrenByParent, visiblePath } from '../../lib/tree';

/** Fields of a conversation that are not endpoint options (who, what, when). */
const NOT_OPTIONS = new Set(['conversationId', 'title', 'user', 'createdAt', 'updatedAt', 'messages']);

/** The conversation's endpoint options: its endpoint, model and parameters that are set. */
export function endpointOptions(conversation: Conversation): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(conversation)) {
    if (NOT_OPTIONS.has(key) || value === null || value === undefined) continue;
    out[key] = value;
  }
  return out;
}

/**
 * The branch on screen: root to `leafId` when it is a message of the conversation, else the
 * newest sibling at each level (what the chat view shows before anyone steps between siblings).
 */
export function currentBranch(messages: readonly Message[], leafId: string | undefined): Message[] {
  if (leafId !== undefined) {
    const ids = ancestry(messages, leafId);
    if (ids.length > 0) {
      const byId = new Map(messages.map((m) => [m.messageId, m]));
      return ids.map((id) => byId.get(id)!);
    }
  }
  return visiblePath(messages, {}).map((entry) => entry.message);
}

/** Every message, parents before children, siblings oldest first (a depth-first walk). */
export function allBranches(messages: readonly Message[]): Message[] {
  const children = childrenByParent(messages);
  const out: Message[] = [];
  const seen = new Set<string>();
  const stack = [...(children.get(NO_PARENT) ?? [])].reverse();
  while (stack.length > 0) {
    const m = stack.pop()!;
    if (seen.has(m.messageId)) continue;
    seen.add(m.messageId);
    out.push(m);
    const kids = children.get(m.messageId) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}

export type MessageNode = Message & { children: MessageNode[] };

/** Every message as a tree: the roots, each with its `children` (oldest first). */
export function messageTree(messages: readonly Message[]): MessageNode[] {
  const children = childrenByParent(messages);
  const nodes = new Map<string, MessageNode>();
  for (const m of allBranches(messages)) nodes.set(m.messageId, { ...m, children: [] });
  for (const [parent, kids] of children) {
    if (parent === NO_PARENT) continue;
    const node = nodes.get(parent);
    if (!node) continue;
    for (const kid of kids) {
      const child = nodes.get(kid.messageId);
      if (child) node.children.push(child);
    }
  }
  return (children.get(NO_PARENT) ?? []).flatMap((m) => nodes.get(m.messageId) ?? []);
}
