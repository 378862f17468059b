import type { Generation, TurnResult } from './generations.js';
import type { Subscriber } from './stream-sink.js';

/**
 * What the instances share about running replies (features/ask/redis/ with REDIS_URL; absent in
 * one process). The upstream connection of a reply stays in the instance that generates it; its
 * claim, lease, events and text so far are in Redis, so abort, resume and the 409 of a second
 * reply work whichever instance a request lands on, and an instance that dies mid-reply is noticed.
 */
export interface SharedReplies {
  /**
   * Claims the conversation for this instance's generation (409 while a reply runs there on any
   * instance), keeps its lease while it runs and mirrors its hub's events to Redis.
   */
  claim(generation: Generation): Promise<void>;
  /** The generation ended (saved, or refused before it streamed): the claim goes, its events expire. */
  release(generation: Generation): void;
  /** Stops the user's reply of that key running on another instance: its result, undefined when none runs. */
  abort(key: string, userId: string): Promise<TurnResult | null | undefined>;
  /**
   * The user's reply running on another instance, read from the events after `lastEventId` (or a
   * snapshot): undefined when none runs. `attach` sends those, then the live tail, to `sub`.
   */
  resume(key: string, userId: string, lastEventId: number | undefined): Promise<RemoteReply | undefined>;
  /** Stops the timers and the tail reader (shutdown). */
  close(): void;
}

export interface RemoteReply {
  attach(sub: Subscriber): void;
  detach(sub: Subscriber): void;
}
