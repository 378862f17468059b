import { NO_PARENT, type Message } from '@chat/contract';

/** Children of each parent id, siblings oldest first (createdAt, then list order). */
export function childrenByParent(messages: readonly Message[]): Map<string, Message[]> {
  const ids = new Set(messages.map((m) => m.messageId));
  const order = new Map(messages.map((m, i) => [m.messageId, i]));
  const map = new Map<string, Message[]>();
  for (const m of messages) {
    // A message whose parent is unknown is shown as a root rather than lost.
    const parent =
      m.parentMessageId !== m.messageId && ids.has(m.parentMessageId) ? m.parentMessageId : NO_PARENT;
    const list = map.get(parent);
    if (list) list.push(m);
    else map.set(parent, [m]);
  }
  for (const list of map.values()) {
    list.sort((a, b) => {
      const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
      return byTime !== 0 && !Number.isNaN(byTime)
        ? byTime
        : (order.get(a.messageId) ?? 0) - (order.get(b.messageId) ?? 0);
    });
  }
  return map;
}

/** Which sibling is shown under a parent, remembered with the sibling count it was chosen at. */
export interface SiblingChoice {
  index: number;
  count: number;
}
export type SiblingSelection = Readonly<Record<string, SiblingChoice>>;

/** The chosen index, or the newest when nothing was chosen or the sibling count changed. */
export function resolveSiblingIndex(choice: SiblingChoice | undefined, count: number): number {
  if (!choice || choice.count !== count) return count - 1;
  return Math.min(Math.max(choice.index, 0), count - 1);
}

export interface PathEntry {
  message: Message;
  /** 0-based position among its siblings. */
  index: number;
  siblingCount: number;
  /** The parent id under which the siblings are listed (a key of the selection). */
  parentKey: string;
}

/** The visible conversation: from the root, follow the selected sibling at each level. */
export function visiblePath(messages: readonly Message[], selection: SiblingSelection): PathEntry[] {
  const children = childrenByParent(messages);
  const path: PathEntry[] = [];
  const seen = new Set<string>();
  let parentKey = NO_PARENT;
  for (;;) {
    const siblings = children.get(parentKey);
    if (!siblings || siblings.length === 0) break;
    const index = resolveSiblingIndex(selection[parentKey], siblings.length);
    const message = siblings[index]!;
    if (seen.has(message.messageId)) break; // defensive: a cycle in bad data
    seen.add(message.messageId);
    path.push({ message, index, siblingCount: siblings.length, parentKey });
    parentKey = message.messageId;
  }
  return path;
}

/** A new selection with `parentKey` moved by `delta` (-1 previous, +1 next), clamped. */
export function stepSibling(
  selection: SiblingSelection,
  entry: Pick<PathEntry, 'parentKey' | 'index' | 'siblingCount'>,
  delta: number,
): SiblingSelection {
  const index = Math.min(Math.max(entry.index + delta, 0), entry.siblingCount - 1);
  return { ...selection, [entry.parentKey]: { index, count: entry.siblingCount } };
}

/** Ids from the root down to `messageId` (inclusive); empty when unknown. */
export function ancestry(messages: readonly Message[], messageId: string): string[] {
  const byId = new Map(messages.map((m) => [m.messageId, m]));
  const ids: string[] = [];
  let cur = byId.get(messageId);
  while (cur && !ids.includes(cur.messageId)) {
    ids.unshift(cur.messageId);
    cur = byId.get(cur.parentMessageId);
  }
  return ids;
}
