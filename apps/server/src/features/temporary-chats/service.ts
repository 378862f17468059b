import {
  DELETE_BATCH_CONVERSATIONS,
  temporaryChatOn,
  temporaryChatRetentionHours,
  type InterfaceConfig,
} from '@chat/contract';
import type { AskExpiry } from '../ask/index.js';
import type { Swept, TemporaryChatsRepo } from './repo.js';

const HOUR_MS = 3_600_000;

export interface TemporaryChatsDeps {
  repo: TemporaryChatsRepo;
  /** librechat.yaml `interface`: whether the toggle is offered, and the retention in hours. */
  interface: () => InterfaceConfig | undefined;
  /** The app's clock (ms since the epoch). */
  clock: () => number;
  /** Told of each user's conversations a sweep deleted (running replies in them stop). */
  onDeleted: (userId: string, conversationIds: string[]) => void;
}

/**
 * Temporary chats, as LibreChat has them: a conversation started with `isTemporary` ends
 * `temporaryChatRetention` hours after its last message (each turn sets its end anew, as
 * LibreChat's save of a temporary chat does) and is then deleted by the sweep.
 */
export function createTemporaryChats({ repo, interface: ui, clock, onDeleted }: TemporaryChatsDeps) {
  // Counted on the app's clock (the turn's own time is the wall clock's), as the sweep is.
  const endAfter = () => new Date(clock() + temporaryChatRetentionHours(ui()) * HOUR_MS);

  /**
   * The ask pipeline's askExpiry item. Only the send that creates a conversation may make it
   * temporary: LibreChat's client offers the toggle only before the first message, so a flag on
   * an existing conversation is ignored here (a kept conversation stays kept); a temporary one
   * stays temporary whatever later sends say. With `interface.temporaryChat: false` the flag is
   * ignored too: the conversation is saved as any other (LibreChat's client never sends it then).
   */
  const expiry: AskExpiry = {
    name: 'temporary chats',
    expiredAt(input, existing) {
      if (existing) return existing.expiredAt ? endAfter() : undefined;
      return input.body.isTemporary === true && temporaryChatOn(ui()) ? endAfter() : undefined;
    },
  };

  let running: Promise<number> | undefined;
  /** One pass: every ended conversation, a batch at a time with a loop turn between batches. */
  async function sweepAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await repo.removeExpired(new Date(clock()), DELETE_BATCH_CONVERSATIONS);
      total += rows.length;
      tell(rows);
      if (rows.length < DELETE_BATCH_CONVERSATIONS) return total;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  function tell(rows: Swept[]): void {
    const byUser = new Map<string, string[]>();
    for (const r of rows) {
      const ids = byUser.get(r.userId);
      if (ids) ids.push(r.conversationId);
      else byUser.set(r.userId, [r.conversationId]);
    }
    for (const [userId, ids] of byUser) onDeleted(userId, ids);
  }

  return {
    expiry,
    /**
     * Deletes every temporary chat that has ended; how many. A sweep asked for while one runs
     * joins it rather than starting a second in this process (another instance's is harmless).
     */
    sweep(): Promise<number> {
      running ??= sweepAll().finally(() => {
        running = undefined;
      });
      return running;
    },
    /** Resolves once no sweep runs here (closing waits for one under way). */
    async idle(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}
export type TemporaryChats = ReturnType<typeof createTemporaryChats>;
