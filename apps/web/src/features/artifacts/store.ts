import type { Message } from '@chat/contract';
import { artifactsOf, type ParsedArtifact } from '@chat/contract';

/** An artifact where it was written: the message and its place among that message's artifacts. */
export interface ArtifactEntry extends ParsedArtifact {
  messageId: string;
  index: number;
  /** `messageId:index`. */
  key: string;
}

export const entryKey = (messageId: string, index: number) => `${messageId}:${index}`;

/**
 * The artifacts a chat screen has drawn (each card tells its artifact as it grows, so a reply
 * still streaming is known) and the one open in the panel. An external store: a card's update
 * redraws the panel, not the screen.
 */
export interface ArtifactsStore {
  subscribe(listener: () => void): () => void;
  /** Changes whenever an entry or the open artifact does. */
  version(): number;
  put(entry: ArtifactEntry): void;
  entries(): ReadonlyMap<string, ArtifactEntry>;
  openKey(): string | null;
  open(key: string): void;
  close(): void;
  /** Forgets everything (another conversation is shown). */
  reset(): void;
}

const same = (a: ArtifactEntry, b: ArtifactEntry) =>
  a.content === b.content &&
  a.complete === b.complete &&
  a.title === b.title &&
  a.type === b.type &&
  a.identifier === b.identifier &&
  a.language === b.language;

export function createArtifactsStore(): ArtifactsStore {
  let entries = new Map<string, ArtifactEntry>();
  let opened: string | null = null;
  let version = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    version++;
    for (const l of listeners) l();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    put(entry) {
      const had = entries.get(entry.key);
      if (had && same(had, entry)) return;
      entries = new Map(entries).set(entry.key, entry);
      changed();
    },
    entries: () => entries,
    openKey: () => opened,
    open(key) {
      if (opened === key) return;
      opened = key;
      changed();
    },
    close() {
      if (opened === null) return;
      opened = null;
      changed();
    },
    reset() {
      entries = new Map();
      opened = null;
      changed();
    },
  };
}

/** The artifacts of the conversation's saved replies, in the messages' order. */
export function savedEntries(messages: readonly Message[] | undefined): ArtifactEntry[] {
  const out: ArtifactEntry[] = [];
  for (const m of messages ?? []) {
    if (m.isCreatedByUser || !m.text.includes(':::artifact')) continue;
    artifactsOf(m.text).forEach((a, index) =>
      out.push({ ...a, messageId: m.messageId, index, key: entryKey(m.messageId, index) }),
    );
  }
  return out;
}

/**
 * Every version of an identifier: the saved replies' artifacts in order (a card's newer copy in
 * place of a saved one), then those only drawn so far (a reply still streaming).
 */
export function versionsOf(
  identifier: string,
  saved: readonly ArtifactEntry[],
  drawn: ReadonlyMap<string, ArtifactEntry>,
): ArtifactEntry[] {
  const seen = new Set<string>();
  const out: ArtifactEntry[] = [];
  for (const e of saved) {
    seen.add(e.key);
    const newest = drawn.get(e.key) ?? e;
    if (newest.identifier === identifier) out.push(newest);
  }
  // A card drawn under the reply's id while it streamed, and saved since under another: one version.
  const savedCopy = (e: ArtifactEntry) => saved.some((s) => sameArtifact(s, e));
  for (const e of drawn.values())
    if (!seen.has(e.key) && e.identifier === identifier && !savedCopy(e)) out.push(e);
  return out;
}

/** The same artifact of the same reply, whatever id the reply had when it was drawn. */
export const sameArtifact = (a: ArtifactEntry, b: ArtifactEntry) =>
  a.identifier === b.identifier &&
  a.index === b.index &&
  a.content === b.content &&
  a.complete === b.complete;
