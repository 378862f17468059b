import { CHAT_LIMITS } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MessagesRepo } from '../messages/index.js';
import { joinSaved, readSavedStart } from './whole-text.js';

/**
 * Rows per UPDATE statement. On the embedded database a statement runs on the event loop's thread:
 * 100 rows of 10 KB texts hold it for ~40 ms (500 rows: ~200 ms, during which no token moved).
 */
const CHUNK_ROWS = 100;

/** A streaming reply's text as the flusher reads it (the hub's ReplyText): it only grows. */
export interface GrowingText {
  readonly length: number;
  /** The text from `start` to its end. */
  slice(start: number): string;
  /**
   * Where the text kept in memory starts, when it can forget what the database holds (`forget`,
   * called once a save of the text up to there is confirmed).
   */
  readonly keptFrom?: number;
  forget?(upTo: number): void;
}

interface Entry {
  id: string;
  userId: string;
  /** The reply's text so far, read at each tick. */
  read: () => GrowingText;
  /** How long (UTF-16 units) the text was when last saved: what is new starts there. */
  savedLength: number;
  /** Its size in the database (UTF-8 bytes); -1 when unknown: the next write is the whole text. */
  savedBytes: number;
  /** Set by `remove`: a write not yet started leaves the reply out. */
  removed?: boolean;
}

/** A write of one reply: `text` appended to `fromBytes` saved bytes, or the whole text (-1). */
type Row = {
  id: string;
  userId: string;
  fromBytes: number;
  text: string;
  length: number;
  entry: Entry;
  source: GrowingText;
  /** A whole write whose text's start memory forgot: `text` is read back first (resolveWhole). */
  unkept: boolean;
};

/** One turn of the event loop: what waited on the network (tokens, requests) goes first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes the text so far of every streaming reply to the database every `flushMs`, all of them in
 * a few statements (CHUNK_ROWS each, a turn of the event loop between them) rather than one UPDATE
 * per reply: the crash guarantee (what streamed is saved within about a second) at a fraction of
 * the cost. Each reply's new part is appended to what was saved; sending every whole text at every
 * tick was ~25 MB a second at 1,000 long replies. A tick whose writes took longer than `busyShare`
 * of the interval puts the next one off in proportion (at 1,000 long replies on the embedded
 * database, every few seconds), so the saves take at most that share of the time. The final save
 * of a reply stays with the runner, which calls `remove` and waits for it before saving, so a
 * batch never overwrites the final text.
 */
export function createReplyFlusher(deps: {
  /** `get`: a reply's saved text, read back in the rare whole write after memory forgot its start. */
  messages: Pick<MessagesRepo, 'appendTexts'> & {
    get(userId: string, messageId: string): Promise<{ text: string } | undefined>;
  };
  log: FastifyBaseLogger;
  flushMs?: number;
  busyShare?: number;
}) {
  const flushMs = deps.flushMs ?? CHAT_LIMITS.streamFlushMs;
  const busyShare = deps.busyShare ?? CHAT_LIMITS.streamFlushBusyShare;
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  /** True while a tick's writes run (its successor is scheduled when they end). */
  let ticking = false;
  /** The statement being written now. */
  let writing: Promise<void> | null = null;

  async function writeChunk(chunk: Row[]): Promise<void> {
    try {
      // The app's clock, as every other write of updated_at.
      const saved = await deps.messages.appendTexts(chunk, new Date());
      for (const r of chunk) {
        const { entry } = r;
        entry.savedLength = r.length;
        // A row left alone (its saved text was not what this process wrote) is written whole next.
        if (!saved.has(r.id)) {
          entry.savedBytes = -1;
          continue;
        }
        entry.savedBytes = Math.max(r.fromBytes, 0) + Buffer.byteLength(r.text);
        // The database holds the text up to here: memory keeps only what came after.
        r.source.forget?.(r.length);
      }
    } catch (err) {
      deps.log.error({ err, replies: chunk.length }, 'saving the replies so far failed');
    }
  }

  /**
   * The whole text of a row to be written whole whose start is no longer in memory: the saved
   * row's start, then the kept rest (whole-text.ts). Rare: only after a write was left alone.
   */
  async function resolveWhole(r: Row): Promise<void> {
    const view = {
      get keptFrom() {
        return r.source.keptFrom ?? 0;
      },
      slice: (start: number) => r.source.slice(start),
    };
    const saved = await readSavedStart(view, async () => (await deps.messages.get(r.userId, r.id))?.text);
    // Synchronous from here: the length and the text are the same moment's.
    r.length = r.source.length;
    r.text = joinSaved(saved, view);
  }

  /**
   * A reply's row as it is now, or null when nothing is new. Read when its statement is about to
   * run, not at the tick: a tick's rows for every reply at once held a copy of each reply's new
   * text for the whole of the tick's writes (~4 KB per reply at 1,000 long replies, whose ticks
   * the busy share spaces several seconds apart).
   */
  function rowOf(entry: Entry): Row | null {
    const text = entry.read();
    const length = text.length;
    if (length === entry.savedLength && entry.savedBytes >= 0) return null;
    const whole = entry.savedBytes < 0;
    // A whole write of a text whose start memory forgot reads that start back first (write).
    const unkept = whole && (text.keptFrom ?? 0) > 0;
    return {
      id: entry.id,
      userId: entry.userId,
      fromBytes: whole ? -1 : entry.savedBytes,
      text: unkept ? '' : text.slice(whole ? 0 : entry.savedLength),
      length,
      entry,
      source: text,
      unkept,
    };
  }

  async function write(batch: Entry[]): Promise<void> {
    for (let i = 0; i < batch.length; i += CHUNK_ROWS) {
      if (i > 0) await nextTurn();
      // A reply removed since the tick began is saved by its runner: left out.
      let chunk: Row[] = [];
      for (const entry of batch.slice(i, i + CHUNK_ROWS)) {
        const row = entry.removed ? null : rowOf(entry);
        if (row) chunk.push(row);
      }
      // A row whose saved start could not be read waits for the next tick; the others go now.
      const unread = new Set<Row>();
      await Promise.all(
        chunk
          .filter((r) => r.unkept)
          .map((r) =>
            resolveWhole(r).catch((err: unknown) => {
              deps.log.error({ err }, 'reading a reply saved so far failed');
              unread.add(r);
            }),
          ),
      );
      if (unread.size > 0) chunk = chunk.filter((r) => !unread.has(r));
      if (chunk.length === 0) continue;
      writing = writeChunk(chunk);
      await writing;
      writing = null;
    }
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick(): void {
    timer = undefined;
    if (entries.size === 0) return;
    // The replies with something new; each one's row is read when its statement runs (rowOf).
    const batch: Entry[] = [];
    for (const entry of entries.values()) {
      if (entry.read().length !== entry.savedLength || entry.savedBytes < 0) batch.push(entry);
    }
    if (batch.length === 0) return schedule(flushMs);
    const startedAt = performance.now();
    ticking = true;
    void write(batch).finally(() => {
      ticking = false;
      const took = performance.now() - startedAt;
      // The next tick a whole interval after this one's end, longer when this one was costly.
      if (entries.size > 0) schedule(Math.max(flushMs, took / busyShare - took));
    });
  }

  return {
    /**
     * Starts saving a streaming reply's text (`read()`, which only grows; `saved` is what the
     * database holds now) every tick.
     */
    add(replyId: string, userId: string, saved: string, read: () => GrowingText): void {
      entries.set(replyId, {
        id: replyId,
        userId,
        read,
        savedLength: saved.length,
        savedBytes: Buffer.byteLength(saved),
      });
      if (!timer && !ticking) schedule(flushMs);
    },

    /**
     * Stops saving the reply; resolves once no statement that may carry it is running (a later
     * statement of the same tick leaves it out).
     */
    async remove(replyId: string): Promise<void> {
      const entry = entries.get(replyId);
      if (entry) entry.removed = true;
      entries.delete(replyId);
      await writing;
    },
  };
}
export type ReplyFlusher = ReturnType<typeof createReplyFlusher>;
