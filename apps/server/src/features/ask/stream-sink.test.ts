import { describe, expect, it } from 'vitest';
import type { SseStream } from '../../platform/sse.js';
import { createSseSubscriber } from './stream-sink.js';

/** An event stream whose socket is full until `drain()`; `sent` is what it wrote. */
function stream() {
  const sent: [number, unknown][] = [];
  let congested = false;
  let closed = false;
  let drains: (() => void)[] = [];
  let disconnects: (() => void)[] = [];
  const sse: SseStream = {
    send(data, id = sent.length) {
      sent.push([id, data]);
      return id;
    },
    get closed() {
      return closed;
    },
    get congested() {
      return congested;
    },
    onDrain(fn) {
      if (!congested || closed) fn();
      else drains.push(fn);
    },
    onDisconnect(fn) {
      if (closed) fn();
      else disconnects.push(fn);
    },
    end() {
      closed = true;
    },
  };
  return {
    sse,
    sent,
    congest: () => void (congested = true),
    drain() {
      congested = false;
      const fns = drains;
      drains = [];
      for (const fn of fns) fn();
    },
    disconnect() {
      closed = true;
      const fns = disconnects;
      disconnects = [];
      for (const fn of fns) fn();
    },
  };
}

const settledNow = async (p: Promise<void>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('SSE subscriber', () => {
  it('holds deltas while the socket is full and sends them merged, with the last id, on drain', async () => {
    const s = stream();
    const sub = createSseSubscriber(s.sse);
    sub.delta(1, 'a');
    s.congest();
    sub.delta(2, 'b');
    sub.delta(3, 'c');
    expect(s.sent).toEqual([[1, { text: 'a' }]]);
    const delivered = sub.delivered!();
    expect(await settledNow(delivered)).toBe(false);
    s.drain();
    expect(s.sent).toEqual([
      [1, { text: 'a' }],
      [3, { text: 'bc' }],
    ]);
    expect(await settledNow(delivered)).toBe(true);
  });

  it('delivered resolves at once when nothing is held, and when the client goes away', async () => {
    const s = stream();
    const sub = createSseSubscriber(s.sse);
    sub.delta(1, 'a');
    expect(await settledNow(sub.delivered!())).toBe(true);
    s.congest();
    sub.delta(2, 'b');
    const delivered = sub.delivered!();
    expect(await settledNow(delivered)).toBe(false);
    s.disconnect();
    expect(await settledNow(delivered)).toBe(true);
  });
});
