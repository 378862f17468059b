import { UNAVAILABLE_TEXTS, type AbortResponse } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { heapGrowth } from '../../platform/runtime/heap-growth.js';
import { createReplyHub, type ReplyHub } from './reply-hub.js';

/** The saved outcome of a generation (what abort answers). */
export type TurnResult = AbortResponse;

/** A running generation, keyed by conversation id (the abortKey). */
export interface Generation {
  readonly key: string;
  readonly userId: string;
  readonly controller: AbortController;
  /** Its events, text so far and attached client streams (the original and resumed ones). */
  readonly hub: ReplyHub;
  /** Settles once the reply is saved: the result, or null when nothing could be saved. */
  readonly done: Promise<TurnResult | null>;
}

/**
 * The key of the second model's reply in a conversation (compare: `addedConvo`), which runs beside
 * the first one's (keyed by the conversation id itself).
 */
export function addedKey(conversationId: string): string {
  return `${conversationId}:added`;
}

/** The abort reason of generations stopped because the server shuts down past its drain deadline. */
export const SHUTDOWN_ABORT = 'server_shutdown';
/** The abort reason of generations stopped because their user was banned. */
export const BAN_ABORT = 'banned';

interface Entry extends Generation {
  settle(result: TurnResult | null): void;
}

/**
 * Generations run independently of the HTTP response that started them. This registry lets
 * abort and resume find them, refuses a second reply in the same conversation, and lets shutdown (and
 * tests) wait for every reply and background task to be saved.
 */
export function createGenerations(isDraining: () => boolean) {
  const running = new Map<string, Entry>();
  const background = new Set<Promise<unknown>>();

  const settled = async (): Promise<void> => {
    while (running.size > 0 || background.size > 0) {
      await Promise.allSettled([...[...running.values()].map((g) => g.done), ...background]);
    }
  };

  return {
    /** Claims the conversation for one reply; 409 while another reply in it is running. */
    reserve(key: string, userId: string): Generation {
      if (isDraining()) throw new AppError('service_unavailable', UNAVAILABLE_TEXTS.draining);
      if (running.has(key))
        throw new AppError('conflict', 'A reply is already being generated in this conversation');
      let settle!: (r: TurnResult | null) => void;
      const done = new Promise<TurnResult | null>((resolve) => (settle = resolve));
      const entry: Entry = {
        key,
        userId,
        controller: new AbortController(),
        hub: createReplyHub(),
        done,
        settle,
      };
      running.set(key, entry);
      // Many streams at once keep the heap tight (platform/runtime/heap-growth.ts).
      heapGrowth.opened();
      return entry;
    },

    /** Ends a generation: it leaves the registry before waiters (abort) hear the result. */
    settle(gen: Generation, result: TurnResult | null): void {
      const entry = running.get(gen.key);
      if (entry === gen) {
        running.delete(gen.key);
        heapGrowth.closed();
      }
      (gen as Entry).settle(result);
    },

    /** The user's running generation of that key; another user's is treated as absent. */
    find(key: string, userId: string): Generation | undefined {
      const entry = running.get(key);
      return entry && entry.userId === userId ? entry : undefined;
    },

    /** Whether a generation of that key runs in this process (any user's). */
    has(key: string): boolean {
      return running.has(key);
    },

    abortAll(keys: Iterable<string>): void {
      for (const key of keys) {
        running.get(key)?.controller.abort();
        running.get(addedKey(key))?.controller.abort();
      }
    },

    /** Stops every running generation of the user here (a ban): each is saved unfinished. */
    abortUser(userId: string, reason: string): void {
      for (const g of running.values()) if (g.userId === userId) g.controller.abort(reason);
    },

    /** Keeps a background task (title generation) in sight of settled(). */
    track(task: Promise<unknown>): void {
      const p = task.catch(() => {}).finally(() => background.delete(p));
      background.add(p);
    },

    /** Resolves once no generation and no background task is left. */
    settled,

    /** Past a shutdown's deadline: every running reply stops and is saved unfinished. */
    stop(): void {
      for (const g of running.values()) g.controller.abort(SHUTDOWN_ABORT);
    },
  };
}
export type Generations = ReturnType<typeof createGenerations>;
