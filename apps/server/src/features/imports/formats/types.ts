import {
  CHAT_LIMITS,
  DEFAULT_TITLE,
  IMPORT_LIMITS,
  type ConversationOptions,
  type ImportFormat,
  type ImportPartSkipReason,
  type ImportSkipReason,
  type MessageFile,
} from '@chat/contract';
import { toStorable } from '../../../platform/storable.js';

/** One message of a source file, its ids still the file's own (the writer gives new ones). */
export interface ImportedMessage {
  sourceId: string;
  /** The source id of its parent; null at a root. */
  parentSourceId: string | null;
  sender: string;
  text: string;
  isCreatedByUser: boolean;
  model: string | null;
  error: boolean;
  unfinished: boolean;
  finishReason: string | null;
  createdAt: Date;
  /** Cut to CHAT_LIMITS.maxMessageChars. */
  truncated: boolean;
  /** Parts of it left out, by reason. */
  skippedParts: PartSkips;
  /** Files of this product it carries (the LibreChat move links the files it copied). */
  files?: MessageFile[];
}

/** One conversation ready to write: every field checked and limited. */
export interface ImportedConversation {
  format: ImportFormat;
  /** The source conversation's id (or a digest of its content when it has none). */
  sourceId: string;
  title: string;
  endpoint: string;
  model: string | null;
  options: ConversationOptions;
  createdAt: Date;
  updatedAt: Date;
  /** Parents before children. */
  messages: ImportedMessage[];
  /** Messages cut to CHAT_LIMITS.maxMessageChars. */
  truncated: number;
  /** Parts left out, by reason: its messages' and hidden ones that are no message. */
  skippedParts: PartSkips;
}

/** Parts of messages left out, by reason. */
export type PartSkips = Partial<Record<ImportPartSkipReason, number>>;

/** Adds the counts of `from` to `into`. */
export function addSkips(into: PartSkips, from: PartSkips): void {
  for (const [reason, n] of Object.entries(from) as [ImportPartSkipReason, number][]) {
    into[reason] = (into[reason] ?? 0) + n;
  }
}

/** A conversation of the file that is not imported, and why. */
export class SkipConversation extends Error {
  constructor(
    readonly reason: ImportSkipReason,
    readonly detail?: string,
  ) {
    super(detail ?? reason);
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A storable string cut to `max` characters (never splitting a surrogate pair); '' otherwise. */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  let s = toStorable(value);
  if (s.length > max) {
    const cut = /[\uD800-\uDBFF]/.test(s[max - 1] ?? '') ? max - 1 : max;
    s = s.slice(0, cut);
  }
  return s;
}

export function cleanTitle(value: unknown): string {
  const title = cleanText(value, CHAT_LIMITS.maxTitleChars).replace(/\s+/g, ' ').trim();
  return title || DEFAULT_TITLE;
}

/** An optional string field: absent, or a string no longer than `max` (else the conversation is invalid). */
export function optionalString(value: unknown, field: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new SkipConversation('invalid', `${field} is not a string`);
  const s = cleanText(value, max).trim();
  return s || null;
}

/** A source id: a non-empty string or number, at most IMPORT_LIMITS.maxSourceIdChars. */
export function sourceIdOf(value: unknown, field: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.length === 0) {
    throw new SkipConversation('invalid', `${field} is missing`);
  }
  if (value.length > IMPORT_LIMITS.maxSourceIdChars) {
    throw new SkipConversation(
      'invalid',
      `${field} is longer than ${IMPORT_LIMITS.maxSourceIdChars} characters`,
    );
  }
  return toStorable(value);
}

/** A date from an ISO string or epoch seconds/milliseconds; `fallback` when absent or unreadable. */
export function dateOf(value: unknown, fallback: Date): Date {
  let ms = Number.NaN;
  if (typeof value === 'number' && Number.isFinite(value)) {
    // ChatGPT writes seconds (with a fraction); anything past 1e11 is milliseconds.
    ms = value < 1e11 ? value * 1000 : value;
  } else if (typeof value === 'string' && value.length <= 64) {
    ms = Date.parse(value);
  }
  // Outside what PostgreSQL and JavaScript both represent: the fallback.
  if (Number.isNaN(ms) || ms < -62_135_596_800_000 || ms > 253_402_300_799_000) return fallback;
  return new Date(ms);
}

/** Message text: cut to the message limit, counting the cut. */
export function messageText(text: string, counter: { truncated: number }): string {
  if (text.length <= CHAT_LIMITS.maxMessageChars) return text;
  counter.truncated += 1;
  return cleanText(text, CHAT_LIMITS.maxMessageChars);
}

/**
 * Orders messages parents first (a depth-first walk from the roots). A parent that is not in the
 * list makes a root; a cycle of parent links is broken at its first message in file order.
 */
export function parentsFirst(messages: ImportedMessage[]): ImportedMessage[] {
  const ids = new Set(messages.map((m) => m.sourceId));
  const children = new Map<string | null, ImportedMessage[]>();
  for (const m of messages) {
    const parent = m.parentSourceId !== null && ids.has(m.parentSourceId) ? m.parentSourceId : null;
    m.parentSourceId = parent;
    const list = children.get(parent);
    if (list) list.push(m);
    else children.set(parent, [m]);
  }
  const out: ImportedMessage[] = [];
  const visited = new Set<string>();
  const walk = (roots: readonly ImportedMessage[]): void => {
    const stack = [...roots].reverse();
    while (stack.length > 0) {
      const m = stack.pop()!;
      if (visited.has(m.sourceId)) continue;
      visited.add(m.sourceId);
      out.push(m);
      const kids = children.get(m.sourceId);
      if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  };
  walk(children.get(null) ?? []);
  for (const m of messages) {
    if (visited.has(m.sourceId)) continue;
    m.parentSourceId = null;
    walk([m]);
  }
  return out;
}
