import type { SseStream } from '../../platform/sse.js';
import type { Subscriber } from './reply-hub.js';

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
  let pending = '';
  let pendingId = -1;
  let waitingDrain = false;

  const flushPending = () => {
    if (!pending) return;
    if (!sse.closed) sse.send({ text: pending }, pendingId);
    pending = '';
  };

  return {
    delta(id, text) {
      if (sse.closed) return;
      if (!waitingDrain && !sse.congested) {
        sse.send({ text }, id);
        return;
      }
      pending += text;
      pendingId = id;
      if (waitingDrain) return;
      waitingDrain = true;
      sse.onDrain(() => {
        waitingDrain = false;
        flushPending();
      });
    },
    event(id, data) {
      flushPending();
      sse.send(data, id);
    },
    end() {
      flushPending();
      sse.end();
    },
    async delivered() {
      while (!sse.closed && (waitingDrain || sse.congested)) {
        await new Promise<void>((resolve) => {
          sse.onDrain(resolve);
          sse.onDisconnect(resolve);
        });
      }
    },
  };
}
