import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_PARENT, type Message } from '@chat/contract';
import { createReplyHub } from './reply-hub.js';
import type { Subscriber } from './stream-sink.js';

function message(extra: Partial<Message>): Message {
  return {
    messageId: 'm',
    conversationId: 'c',
    parentMessageId: NO_PARENT,
    sender: 'AI',
    text: '',
    isCreatedByUser: false,
    endpoint: 'openAI',
    model: 'm',
    error: false,
    unfinished: true,
    isEdited: false,
    finish_reason: null,
    tokenCount: null,
    createdAt: 'x',
    updatedAt: 'x',
    ...extra,
  };
}

/** A subscriber that records what it got as [id, data] pairs. */
function recorder() {
  const got: [number, unknown][] = [];
  let ended = false;
  const sub: Subscriber = {
    delta: (id, text) => void got.push([id, { text }]),
    event: (id, data) => void got.push([id, data]),
    end: () => void (ended = true),
  };
  return { sub, got, ended: () => ended };
}

function startedHub(ringSize?: number, prefix = '') {
  const hub = createReplyHub({ frameMs: 16, ...(ringSize ? { ringSize } : {}) });
  hub.begin({
    conversationId: 'c',
    requestMessage: message({ messageId: 'q', isCreatedByUser: true, unfinished: false }),
    responseMessage: message({ text: prefix }),
  });
  hub.event({ created: true });
  return hub;
}

describe('reply hub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces deltas per frame and numbers events once for every subscriber', () => {
    const hub = createReplyHub();
    const a = recorder();
    hub.subscribe(a.sub);
    expect(hub.resumable).toBe(false);
    hub.begin({ conversationId: 'c', requestMessage: message({}), responseMessage: message({}) });
    hub.event({ created: true });
    hub.delta('Hel');
    hub.delta('lo');
    hub.delta(',');
    vi.advanceTimersByTime(20);
    hub.delta(' you');
    hub.event({ final: true });
    // The first delta leaves at once; the next ones wait for the end of its frame.
    expect(a.got).toEqual([
      [0, { created: true }],
      [1, { text: 'Hel' }],
      [2, { text: 'lo,' }],
      [3, { text: ' you' }],
      [4, { final: true }],
    ]);
    expect(hub.text).toBe('Hello, you');
  });

  it('sends a delta after a quiet frame at once, without waiting for a timer', () => {
    const hub = startedHub();
    const a = recorder();
    hub.subscribe(a.sub);
    hub.delta('one');
    expect(a.got).toEqual([[1, { text: 'one' }]]);
    vi.advanceTimersByTime(10);
    hub.delta(' two');
    expect(a.got).toHaveLength(1);
    vi.advanceTimersByTime(6);
    expect(a.got.at(-1)).toEqual([2, { text: ' two' }]);
    vi.advanceTimersByTime(30);
    hub.delta(' three');
    expect(a.got.at(-1)).toEqual([3, { text: ' three' }]);
  });

  it('flush sends the merged deltas at once, without waiting for the frame', () => {
    const hub = startedHub();
    const a = recorder();
    hub.subscribe(a.sub);
    hub.delta('one');
    hub.delta(' two'); // within the frame of 'one': held
    expect(a.got.at(-1)).toEqual([1, { text: 'one' }]);
    hub.flush();
    expect(a.got.at(-1)).toEqual([2, { text: ' two' }]);
    hub.flush(); // nothing pending: no event
    vi.advanceTimersByTime(50);
    expect(a.got).toHaveLength(2);
    expect(hub.text).toBe('one two');
  });

  it('delivered waits for every client to take what was published, at most maxMs', async () => {
    const hub = startedHub();
    let release = (): void => {};
    const slow: Subscriber = {
      ...recorder().sub,
      delivered: () => new Promise<void>((r) => (release = r)),
    };
    hub.subscribe(slow);
    hub.subscribe(recorder().sub); // no delivered(): nothing to wait for
    let done = false;
    void hub.delivered(250).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);

    // A client that never drains holds the wait for maxMs only.
    let capped = false;
    const stuck: Subscriber = { ...recorder().sub, delivered: () => new Promise<void>(() => {}) };
    hub.subscribe(stuck);
    void hub.delivered(250).then(() => (capped = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(capped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(capped).toBe(true);
  });

  it('delivered first yields a turn of the event loop (corked writes leave before a save)', async () => {
    // A response's writes wait for the next tick, which a chain of promises going straight on to
    // the save does not reach: in the server a whole short reply waited ~5 ms for the save.
    const hub = startedHub();
    hub.subscribe(recorder().sub);
    let done = false;
    void hub.delivered(250).then(() => (done = true));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('a resumer gets a snapshot with the text so far, then the live events; end ends everyone', () => {
    const hub = startedHub(undefined, 'Start: ');
    const first = recorder();
    hub.subscribe(first.sub);
    hub.delta('one');
    vi.advanceTimersByTime(10);
    hub.delta(' two'); // within the frame of 'one': held until the frame ends
    const late = recorder();
    expect(hub.resume(late.sub)).toBe(true);
    expect(late.got).toEqual([
      [
        1,
        expect.objectContaining({
          resumed: true,
          conversationId: 'c',
          responseMessage: expect.objectContaining({ text: 'Start: one', unfinished: true }),
        }),
      ],
    ]);
    vi.advanceTimersByTime(20);
    expect(late.got.at(-1)).toEqual([2, { text: ' two' }]);
    expect(first.got.at(-1)).toEqual([2, { text: ' two' }]);

    hub.unsubscribe(first.sub);
    hub.delta(' three');
    hub.end();
    expect(first.got.at(-1)).toEqual([2, { text: ' two' }]);
    expect(late.got.at(-1)).toEqual([3, { text: ' three' }]);
    expect(late.ended()).toBe(true);
    expect(first.ended()).toBe(false);
    expect(hub.resumable).toBe(false);
    expect(hub.resume(recorder().sub)).toBe(false);
  });

  it('replays the events after a Last-Event-ID while the ring still holds them', () => {
    const hub = startedHub(3);
    for (const piece of ['a', 'b', 'c', 'd']) {
      hub.delta(piece);
      vi.advanceTimersByTime(20);
    }
    // Ids: 0 created, 1 a, 2 b, 3 c, 4 d; the ring keeps 2..4.
    const replay = recorder();
    hub.resume(replay.sub, 2);
    expect(replay.got).toEqual([
      [3, { text: 'c' }],
      [4, { text: 'd' }],
    ]);
    const upToDate = recorder();
    hub.resume(upToDate.sub, 4);
    expect(upToDate.got).toEqual([]);

    for (const lastEventId of [0, 7, -1]) {
      const tooOld = recorder();
      hub.resume(tooOld.sub, lastEventId);
      expect(tooOld.got).toEqual([
        [
          4,
          expect.objectContaining({
            resumed: true,
            responseMessage: expect.objectContaining({ text: 'abcd' }),
          }),
        ],
      ]);
    }
  });

  it('replays deltas read back from the text (after a prefix, between other events, past flattenings)', () => {
    const hub = startedHub(300, 'Prefix: ');
    const live = recorder();
    hub.subscribe(live.sub);
    for (let i = 0; i < 400; i++) {
      hub.delta(i % 7 === 0 ? `émoji 👋🏽 ${i}` : ` w${i}`);
      vi.advanceTimersByTime(20);
      if (i % 50 === 0) hub.event({ plugin: { step: i } });
    }
    const lastId = live.got.at(-1)![0];
    for (const from of [lastId - 299, lastId - 150, lastId - 1]) {
      const replay = recorder();
      hub.resume(replay.sub, from);
      expect(replay.got).toEqual(live.got.filter(([id]) => id > from));
    }
    expect(hub.text).toBe(`Prefix: ${live.got.map(([, d]) => (d as { text?: string }).text ?? '').join('')}`);
  });

  it('once its saved start is forgotten, asks for the saved text for a snapshot and joins it', async () => {
    const hub = startedHub(300, 'Prefix: ');
    const live = recorder();
    hub.subscribe(live.sub);
    let plain = 'Prefix: ';
    for (let i = 0; i < 400; i++) {
      hub.delta(` w${i}`);
      plain += ` w${i}`;
      vi.advanceTimersByTime(20);
    }
    expect(hub.needsSavedText()).toBe(false);
    // The flusher saved the text up to here: memory drops the blocks before it.
    const savedUpTo = plain.length - 100;
    hub.replyText.forget(savedUpTo);
    const keptFrom = hub.replyText.keptFrom;
    expect(keptFrom).toBeGreaterThan(0);
    const lastId = live.got.at(-1)![0];

    // Recent events are still read back from what memory keeps: no saved text needed.
    expect(hub.needsSavedText(lastId - 3)).toBe(false);
    const recent = recorder();
    hub.resume(recent.sub, lastId - 3);
    expect(recent.got).toEqual(live.got.filter(([id]) => id > lastId - 3));

    // Older ones, or none: a snapshot whose start is the saved text.
    expect(hub.needsSavedText(lastId - 299)).toBe(true);
    expect(hub.needsSavedText()).toBe(true);
    const saved = plain.slice(0, savedUpTo);
    for (const from of [lastId - 299, undefined]) {
      const snap = recorder();
      expect(hub.resume(snap.sub, from, saved)).toBe(true);
      expect(snap.got).toEqual([
        [
          lastId,
          expect.objectContaining({
            resumed: true,
            responseMessage: expect.objectContaining({ text: plain }),
          }),
        ],
      ]);
    }
    expect(hub.replyId).toBe('m');
    expect(await hub.wholeText(() => Promise.resolve(saved))).toBe(plain);
    expect(() => hub.text).toThrow(RangeError);
  });
});
