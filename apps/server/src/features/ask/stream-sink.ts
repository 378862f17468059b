import type { SseStream } from '../../platform/sse.js';

/** One attached client stream. Ids are the hub's: the same event has the same id everywhere. */
export interface Subscriber {
  /** A delta (`{ text }`); a subscriber may merge several into one event with the last id. */
  delta(id: number, text: string): void;
  event(id: number, data: unknown): void;
  end(): void;
  /** Resolves once what it was given has left for the client (or the client went away). */
  delivered?(): Promise<void>;
}

/** Where a generation reports to (its reply hub, which fans out to the client streams). */
export interface ReplySink {
  /** A new piece of the reply (only what is new). */
  delta(text: string): void;
  /** Sends merged deltas now: the reply's text is complete (before its save, not after). */
  flush(): void;
  /** A whole event (created, final, error); pending deltas go out first. */
  event(data: unknown): void;
  end(): void;
}

/**
 * One client's event stream as a hub subscriber. While its socket is congested, deltas are held
 * and merged into one event carrying the last merged id, so a slow client costs neither the
 * generation nor the other clients anything, and its Last-Event-ID stays meaningful.
 */
export function createSseSubscriber(sse: SseStream): Subscriber {
  return new SseSubscriber(sse);
}

/** A class: one per open client stream (closures per method cost ~5x its size). */
class SseSubscriber implements Subscriber {
  private pending = '';
  private pendingId = -1;
  private waitingDrain = false;

  constructor(private readonly sse: SseStream) {}

  delta(id: number, text: string): void {
    const sse = this.sse;
    if (sse.closed) return;
    if (!this.waitingDrain && !sse.congested) {
      sse.send({ text }, id);
      return;
    }
    this.pending += text;
    this.pendingId = id;
    if (this.waitingDrain) return;
    this.waitingDrain = true;
    sse.onDrain(() => {
      this.waitingDrain = false;
      this.flushPending();
    });
  }

  event(id: number, data: unknown): void {
    this.flushPending();
    this.sse.send(data, id);
  }

  end(): void {
    this.flushPending();
    this.sse.end();
  }

  async delivered(): Promise<void> {
    const sse = this.sse;
    while (!sse.closed && (this.waitingDrain || sse.congested)) {
      await new Promise<void>((resolve) => {
        sse.onDrain(resolve);
        sse.onDisconnect(resolve);
      });
    }
  }

  private flushPending(): void {
    if (!this.pending) return;
    if (!this.sse.closed) this.sse.send({ text: this.pending }, this.pendingId);
    this.pending = '';
  }
}
