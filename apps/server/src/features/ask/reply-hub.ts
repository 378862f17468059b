import type { Message, ResumedEvent } from '@chat/contract';
import { createReplyText, type ReplyText } from './reply-text.js';
import type { ReplySink, Subscriber } from './stream-sink.js';
import { joinSaved, wholeText } from './whole-text.js';

/** What a resumed client needs besides the text: the reply and the message it answers. */
export interface ReplyStart {
  conversationId: string;
  requestMessage: Message;
  /** The reply's row as saved at the start; its text is the prefix deltas are appended to. */
  responseMessage: Message;
}

/**
 * Where a hub also writes what it publishes (with Redis: the reply's stream, which other
 * instances read to resume it). Called in publishing order, synchronously.
 */
export interface HubTap {
  begin(start: ReplyStart): void;
  /** A published event; `text` for a delta. */
  event(id: number, data: unknown, text: string | undefined): void;
  /** The resumed snapshot's fields changed (plugin display states). */
  patch(start: ReplyStart): void;
  end(): void;
}

export interface HubOptions {
  /** At most one delta event per frame: deltas within a frame of the last one are merged. */
  frameMs?: number;
  /** How many recent events are kept for Last-Event-ID replays. */
  ringSize?: number;
}

interface Published {
  id: number;
  data: unknown;
  /** The text of a delta event, else undefined. */
  text: string | undefined;
}

const FRAME_MS = 16;
/**
 * Recent events kept for a Last-Event-ID replay: 2 s of deltas at one per 16 ms frame, more at
 * ordinary token rates. A replay also needs their text, which memory keeps only until it is saved
 * (about every second, every few under load), so a longer ring rarely served more; past it a
 * resumed client gets the `resumed` snapshot.
 */
const RING_SIZE = 128;

/**
 * The fan-out point of one generation. The runner writes to it as its sink; it coalesces deltas
 * to at most one event per frame (a delta after a quiet frame goes out at once), numbers every
 * event (the SSE id), keeps the reply's text as published and a bounded ring of recent events,
 * and hands each event to every attached subscriber: the response that started the reply and any
 * number of resumed ones. Subscribers come and go; none of them can stop the generation.
 * A class: one per streaming reply, where closures per method cost a few KB.
 */
export class ReplyHub implements ReplySink {
  private readonly frameMs: number;
  private readonly ringSize: number;
  private readonly subscribers = new Set<Subscriber>();
  /**
   * The last `ringSize` events, event `id` at `id % ringSize`: a delta as the offset in `words`
   * where its piece starts (no object and no string of its own: its piece is read back from
   * `words`), anything else as -1 with its data in `others`. 0.5 KB per open stream, and nothing
   * allocated per event.
   */
  private readonly starts: Int32Array;
  private readonly others = new Map<number, unknown>();
  private nextId = 0;
  private start: ReplyStart | null = null;
  /** The reply's text so far. */
  private words: ReplyText = createReplyText();
  private pending = '';
  private timer: NodeJS.Timeout | undefined;
  /** When the last delta event went out (performance.now()). */
  private lastDeltaAt = -Infinity;
  private ended = false;
  private tap: HubTap | undefined;
  private readonly flushPending = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending) return;
    const piece = this.pending;
    this.pending = '';
    const start = this.words.length;
    this.words.append(piece);
    this.lastDeltaAt = performance.now();
    this.publish({ text: piece }, piece, start);
  };

  constructor(opts: HubOptions = {}) {
    this.frameMs = opts.frameMs ?? FRAME_MS;
    this.ringSize = opts.ringSize ?? RING_SIZE;
    this.starts = new Int32Array(this.ringSize);
  }

  // The runner's sink.

  delta(piece: string): void {
    if (this.ended || !piece) return;
    this.pending += piece;
    if (this.timer) return;
    // Leading edge: a delta after a quiet frame goes out at once (no added latency at
    // ordinary token rates); faster ones wait for the frame's end and leave as one event.
    const wait = this.lastDeltaAt + this.frameMs - performance.now();
    if (wait <= 0) this.flushPending();
    else this.timer = setTimeout(this.flushPending, Math.ceil(wait));
  }

  flush(): void {
    if (!this.ended) this.flushPending();
  }

  event(data: unknown): void {
    if (this.ended) return;
    this.flushPending();
    this.publish(data);
  }

  end(): void {
    if (this.ended) return;
    this.flushPending();
    this.ended = true;
    this.tap?.end();
    for (const s of this.subscribers) s.end();
    this.subscribers.clear();
    this.others.clear();
  }

  /** Called by the runner before its first event: what a resumed client is shown. */
  begin(info: ReplyStart): void {
    this.start = info;
    this.words = createReplyText(info.responseMessage.text);
    this.tap?.begin(info);
  }

  /** Also writes everything published from now on to `t` (set before `begin`). */
  setTap(t: HubTap): void {
    this.tap = t;
  }

  /**
   * Fields of the reply that change while it runs besides its text (plugin display states):
   * a resumed client's snapshot carries them.
   */
  patchReply(fields: Partial<Message>): void {
    if (!this.start) return;
    this.start = { ...this.start, responseMessage: { ...this.start.responseMessage, ...fields } };
    this.tap?.patch(this.start);
  }

  /**
   * The reply's text as published so far (prefix + sent deltas): a new string, take it once.
   * Only while nothing is forgotten (a short reply, tests); otherwise `wholeText`.
   */
  get text(): string {
    return this.words.toString();
  }

  /** The whole text so far, its saved start read back (`readSaved`) once memory forgot it. */
  wholeText(readSaved: () => Promise<string | undefined>): Promise<string> {
    return wholeText(this.words, readSaved);
  }

  /**
   * Whether `resume` with this Last-Event-ID sends a snapshot whose start memory no longer
   * keeps: the caller reads the saved text first and passes it.
   */
  needsSavedText(lastEventId?: number): boolean {
    if (this.words.keptFrom === 0) return false;
    return lastEventId === undefined || this.missedAfter(lastEventId) === undefined;
  }

  /** The same text, kept in parts: its length, or a part, without joining the whole. */
  get replyText(): ReplyText {
    return this.words;
  }

  /** The id of the reply's message (once begun). */
  get replyId(): string | undefined {
    return this.start?.responseMessage.messageId;
  }

  /** True while a client can still join (started, first event out, not ended). */
  get resumable(): boolean {
    return !this.ended && this.start !== null && this.nextId > 0;
  }

  /** Attaches the response that started the reply: it gets every event from the first. */
  subscribe(sub: Subscriber): void {
    if (this.ended) sub.end();
    else this.subscribers.add(sub);
  }

  /**
   * Attaches a resumed client. With a Last-Event-ID whose later events are all still kept, it
   * gets just those (with their original ids); otherwise one `resumed` snapshot carrying the
   * whole text so far (id: the last event's; its start from `savedText` when memory forgot it:
   * needsSavedText). Then it gets every new event. False (and the subscriber untouched) when
   * the reply can no longer be joined.
   */
  resume(sub: Subscriber, lastEventId?: number, savedText = ''): boolean {
    const start = this.start;
    if (!start || this.ended || this.nextId === 0) return false;
    const missed = lastEventId === undefined ? undefined : this.missedAfter(lastEventId);
    if (missed) {
      for (const e of missed) {
        if (e.text !== undefined) sub.delta(e.id, e.text);
        else sub.event(e.id, e.data);
      }
    } else {
      const snapshot: ResumedEvent = {
        resumed: true,
        conversationId: start.conversationId,
        requestMessage: start.requestMessage,
        // With its saved start read back by the caller when memory forgot it (needsSavedText).
        responseMessage: {
          ...start.responseMessage,
          text: joinSaved(savedText, this.words),
          unfinished: true,
        },
      };
      sub.event(this.nextId - 1, snapshot);
    }
    this.subscribers.add(sub);
    return true;
  }

  unsubscribe(sub: Subscriber): void {
    this.subscribers.delete(sub);
  }

  /**
   * Resolves once every attached client's socket took what was published, or after `maxMs`
   * (a slow client must not hold up the save).
   */
  async delivered(maxMs: number): Promise<void> {
    // A response's writes are corked until the next tick, which a chain of promises (the
    // pipeline going on to its save) does not reach: yield a turn of the loop so they leave.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const waits = [...this.subscribers].map((s) => s.delivered?.()).filter((p) => p !== undefined);
    if (waits.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(waits),
      new Promise<void>((r) => {
        timer = setTimeout(r, maxMs);
      }),
    ]);
    clearTimeout(timer);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** The id of the oldest kept event. */
  private firstKept(): number {
    return Math.max(0, this.nextId - this.ringSize);
  }

  private publish(data: unknown, deltaText?: string, start = 0): void {
    const id = this.nextId++;
    this.tap?.event(id, data, deltaText);
    const slot = id % this.ringSize;
    // The event this one replaces in the ring (id - ringSize) leaves `others` with it.
    if (id >= this.ringSize && this.starts[slot] === -1) this.others.delete(id - this.ringSize);
    if (deltaText === undefined) {
      this.starts[slot] = -1;
      this.others.set(id, data);
    } else {
      this.starts[slot] = start;
    }
    for (const s of this.subscribers) {
      if (deltaText !== undefined) s.delta(id, deltaText);
      else s.event(id, data);
    }
  }

  /**
   * The kept events from id `from` on, deltas with their pieces read back; undefined when a
   * piece's text is no longer in memory (saved and forgotten: a snapshot is sent instead).
   */
  private keptFrom(from: number): Published[] | undefined {
    const out: Published[] = [];
    // Backwards: a delta's piece ends where the next delta's starts (or at the text's end).
    let end = this.words.length;
    for (let id = this.nextId - 1; id >= from; id--) {
      const start = this.starts[id % this.ringSize]!;
      if (start >= 0 && start < this.words.keptFrom) return undefined;
      if (start >= 0) {
        const piece = this.words.slice(start, end);
        end = start;
        out.push({ id, data: { text: piece }, text: piece });
      } else {
        out.push({ id, data: this.others.get(id), text: undefined });
      }
    }
    return out.reverse();
  }

  /** The events after `lastEventId`, or undefined when some of them are no longer kept. */
  private missedAfter(lastEventId: number): Published[] | undefined {
    if (!Number.isInteger(lastEventId) || lastEventId < 0 || lastEventId >= this.nextId) return undefined;
    if (lastEventId === this.nextId - 1) return [];
    if (this.firstKept() > lastEventId + 1) return undefined;
    return this.keptFrom(lastEventId + 1);
  }
}

export const createReplyHub = (opts: HubOptions = {}): ReplyHub => new ReplyHub(opts);
