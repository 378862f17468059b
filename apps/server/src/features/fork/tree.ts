import { NO_PARENT, type ForkOption } from '@chat/contract';

/** What the selection needs of a message: its id and its parent's. */
export interface TreeNode {
  messageId: string;
  parentMessageId: string;
}

/**
 * A conversation's message tree, read once: each message's parent inside the conversation
 * (a parent id naming no message of it, the root's included, makes the message a root), its
 * children in the order given, and its depth (roots 0). A loop of parents, which no route writes
 * but a damaged row could hold, is cut where it closes: such messages get no depth and are left
 * out of every selection.
 */
export class MessageTree<T extends TreeNode> {
  readonly byId = new Map<string, T>();
  readonly children = new Map<string, T[]>();
  readonly roots: T[] = [];
  readonly depth = new Map<string, number>();

  constructor(readonly messages: readonly T[]) {
    for (const m of messages) this.byId.set(m.messageId, m);
    for (const m of messages) {
      const parent = this.parentOf(m);
      if (parent === undefined) this.roots.push(m);
      else {
        const list = this.children.get(parent.messageId);
        if (list) list.push(m);
        else this.children.set(parent.messageId, [m]);
      }
    }
    // Breadth first from the roots: each message is reached once, through its one parent.
    let level: T[] = [...this.roots];
    for (let d = 0; level.length > 0; d += 1) {
      const next: T[] = [];
      for (const m of level) {
        if (this.depth.has(m.messageId)) continue;
        this.depth.set(m.messageId, d);
        next.push(...(this.children.get(m.messageId) ?? []));
      }
      level = next;
    }
  }

  /** The message's parent in this conversation; undefined for a root. */
  parentOf(m: T): T | undefined {
    if (m.parentMessageId === NO_PARENT || m.parentMessageId === m.messageId) return undefined;
    return this.byId.get(m.parentMessageId);
  }

  /** The messages from the root down to `target`, root first. */
  pathTo(target: T): T[] {
    const path: T[] = [];
    const seen = new Set<string>();
    for (let m: T | undefined = target; m && !seen.has(m.messageId); m = this.parentOf(m)) {
      seen.add(m.messageId);
      path.push(m);
    }
    return path.reverse();
  }

  /** The messages at the same level under the same parent (the roots, for a root), itself included. */
  siblingsOf(m: T): T[] {
    const parent = this.parentOf(m);
    return parent ? (this.children.get(parent.messageId) ?? []) : this.roots;
  }
}

/**
 * Which messages a fork from `target` copies, as a set of ids:
 * - directPath: the path from the root to the target;
 * - includeBranches: that path, and beside each message of it its siblings (other edits or
 *   regenerations at that point, without what followed them); the target's own children are not
 *   taken;
 * - targetLevel: every message whose depth is at most the target's (all branches, cut at the
 *   target's level).
 */
export function selectForFork<T extends TreeNode>(
  tree: MessageTree<T>,
  target: T,
  option: ForkOption,
): Set<string> {
  const path = tree.pathTo(target);
  if (option === 'directPath') return new Set(path.map((m) => m.messageId));
  if (option === 'includeBranches') {
    const ids = new Set<string>();
    for (const m of path) for (const s of tree.siblingsOf(m)) ids.add(s.messageId);
    return ids;
  }
  const max = tree.depth.get(target.messageId) ?? -1;
  const ids = new Set<string>();
  for (const [id, d] of tree.depth) if (d <= max) ids.add(id);
  return ids;
}

/**
 * The tree cut at `target`'s level: the messages at that level and below, those at the level
 * becoming roots. Answers the kept messages, each with its new parent id (NO_PARENT for the
 * new roots).
 */
export function splitAtLevel<T extends TreeNode>(tree: MessageTree<T>, target: T): T[] {
  const level = tree.depth.get(target.messageId);
  if (level === undefined) return [];
  const kept: T[] = [];
  for (const m of tree.messages) {
    const d = tree.depth.get(m.messageId);
    if (d === undefined || d < level) continue;
    kept.push(d === level ? { ...m, parentMessageId: NO_PARENT } : m);
  }
  return kept;
}

/**
 * The chosen messages in an order where each parent comes before its children (roots first,
 * then level by level, each level in the order given), for new ids and times to be given in.
 */
export function parentsFirst<T extends TreeNode>(tree: MessageTree<T>, chosen: ReadonlySet<string>): T[] {
  return tree.messages
    .filter((m) => chosen.has(m.messageId) && tree.depth.has(m.messageId))
    .map((m, i) => ({ m, i, d: tree.depth.get(m.messageId)! }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((x) => x.m);
}
