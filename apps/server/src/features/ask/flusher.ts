import { CHAT_LIMITS } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MessagesRepo } from '../messages/index.js';

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
}

interface Entry {
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
type Row = { id: string; userId: string; fromBytes: number; text: string; length: number; entry: Entry };

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
  messages: Pick<MessagesRepo, 'appendTexts'>;
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
        entry.savedBytes = saved.has(r.id) ? Math.max(r.fromBytes, 0) + Buffer.byteLength(r.text) : -1;
      }
    } catch (err) {
      deps.log.error({ err, replies: chunk.length }, 'saving the replies so far failed');
    }
  }

  async function write(batch: Row[]): Promise<void> {
    for (let i = 0; i < batch.length; i += CHUNK_ROWS) {
      if (i > 0) await nextTurn();
      // A reply removed since the tick began is saved by its runner: left out.
      const chunk = batch.slice(i, i + CHUNK_ROWS).filter((r) => !r.entry.removed);
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
    const batch: Row[] = [];
    for (const [id, entry] of entries) {
      const text = entry.read();
      const length = text.length;
      if (length === entry.savedLength && entry.savedBytes >= 0) continue;
      const whole = entry.savedBytes < 0;
      batch.push({
        id,
        userId: entry.userId,
        fromBytes: whole ? -1 : entry.savedBytes,
        text: text.slice(whole ? 0 : entry.savedLength),
        length,
        entry,
      });
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
      entries.set(replyId, { userId, read, savedLength: saved.length, savedBytes: Buffer.byteLength(saved) });
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
