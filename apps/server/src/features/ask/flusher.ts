import { CHAT_LIMITS } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MessagesRepo } from '../messages/index.js';

/** Rows per UPDATE statement (three bound parameters each, far below the 65,535 limit). */
const CHUNK_ROWS = 500;

interface Entry {
  userId: string;
  /** The reply's text so far, read at each tick: it only grows (the published deltas appended). */
  read: () => string;
  /**
   * How long the text was when last saved. Its length, not the string: a kept string would be a
   * second copy of the reply once the hub's text is flattened again.
   */
  savedLength: number;
}

/**
 * Writes the text so far of every streaming reply to the database every `flushMs`, all of them in
 * one statement (chunked at CHUNK_ROWS) rather than one UPDATE per reply: the crash guarantee
 * (what streamed is saved within about a second) at a fraction of the cost. Ticks never overlap: a
 * tick that finds the previous write still running is skipped. The final save of a reply stays
 * with the runner, which calls `remove` and waits for it before saving, so a batch never
 * overwrites the final text.
 */
export function createReplyFlusher(deps: {
  messages: Pick<MessagesRepo, 'saveTexts'>;
  log: FastifyBaseLogger;
  flushMs?: number;
}) {
  const flushMs = deps.flushMs ?? CHAT_LIMITS.streamFlushMs;
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;

  async function write(batch: { id: string; userId: string; text: string; entry: Entry }[]): Promise<void> {
    for (let i = 0; i < batch.length; i += CHUNK_ROWS) {
      const chunk = batch.slice(i, i + CHUNK_ROWS);
      try {
        // The app's clock, as every other write of updated_at.
        await deps.messages.saveTexts(chunk, new Date());
        for (const r of chunk) r.entry.savedLength = r.text.length;
      } catch (err) {
        deps.log.error({ err, replies: chunk.length }, 'saving the replies so far failed');
      }
    }
  }

  function tick(): void {
    if (inFlight) return;
    if (entries.size === 0) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    const batch: { id: string; userId: string; text: string; entry: Entry }[] = [];
    for (const [id, entry] of entries) {
      const text = entry.read();
      if (text.length !== entry.savedLength) batch.push({ id, userId: entry.userId, text, entry });
    }
    if (batch.length === 0) return;
    inFlight = write(batch).finally(() => void (inFlight = null));
  }

  return {
    /**
     * Starts saving a streaming reply's text (`read()`, which only grows; last saved as `saved`)
     * every tick.
     */
    add(replyId: string, userId: string, saved: string, read: () => string): void {
      entries.set(replyId, { userId, read, savedLength: saved.length });
      if (!timer) {
        timer = setInterval(tick, flushMs);
        timer.unref();
      }
    },

    /** Stops saving the reply; resolves once no batch write (which may carry it) is running. */
    async remove(replyId: string): Promise<void> {
      entries.delete(replyId);
      await inFlight;
    },
  };
}
export type ReplyFlusher = ReturnType<typeof createReplyFlusher>;
