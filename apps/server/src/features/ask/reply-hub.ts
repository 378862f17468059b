import type { Message, ResumedEvent } from '@chat/contract';
import { createReplyText, type ReplyText } from './reply-text.js';
import type { ReplySink } from './stream-sink.js';
import { joinSaved, wholeText } from './whole-text.js';

/** One attached client stream. Ids are the hub's: the same event has the same id everywhere. */
export interface Subscriber {
  /** A delta (`{ text }`); a subscriber may merge several into one event with the last id. */
  delta(id: number, text: string): void;
  event(id: number, data: unknown): void;
  end(): void;
  /** Resolves once what it was given has left for the client (or the client went away). */
  delivered?(): Promise<void>;
}

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
const RING_SIZE = 256;

/**
 * The fan-out point of one generation. The runner writes to it as its sink; it coalesces deltas
 * to at most one event per frame (a delta after a quiet frame goes out at once), numbers every
 * event (the SSE id), keeps the reply's text as published and a bounded ring of recent events,
 * and hands each event to every attached subscriber: the response that started the reply and any
 * number of resumed ones. Subscribers come and go; none of them can stop the generation.
 */
export function createReplyHub(opts: HubOptions = {}) {
  const frameMs = opts.frameMs ?? FRAME_MS;
  const ringSize = opts.ringSize ?? RING_SIZE;
  const subscribers = new Set<Subscriber>();
  /**
   * The last `ringSize` events, event `id` at `id % ringSize`: a delta as the offset in `text`
   * where its piece starts (no object and no string of its own: its piece is read back from
   * `text`), anything else as -1 with its data in `others`. 1 KB per open stream, and nothing
   * allocated per event.
   */
  const starts = new Int32Array(ringSize);
  const others = new Map<number, unknown>();
  let nextId = 0;
  let start: ReplyStart | null = null;
  let text: ReplyText = createReplyText();
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  /** When the last delta event went out (performance.now()). */
  let lastDeltaAt = -Infinity;
  let ended = false;
  let tap: HubTap | undefined;

  /** The id of the oldest kept event. */
  const firstKept = (): number => Math.max(0, nextId - ringSize);

  const publish = (data: unknown, deltaText?: string, start = 0): void => {
    const id = nextId++;
    tap?.event(id, data, deltaText);
    const slot = id % ringSize;
    // The event this one replaces in the ring (id - ringSize) leaves `others` with it.
    if (id >= ringSize && starts[slot] === -1) others.delete(id - ringSize);
    if (deltaText === undefined) {
      starts[slot] = -1;
      others.set(id, data);
    } else {
      starts[slot] = start;
    }
    for (const s of subscribers) {
      if (deltaText !== undefined) s.delta(id, deltaText);
      else s.event(id, data);
    }
  };

  const flushPending = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    const piece = pending;
    pending = '';
    const start = text.length;
    text.append(piece);
    lastDeltaAt = performance.now();
    publish({ text: piece }, piece, start);
  };

  /**
   * The kept events from id `from` on, deltas with their pieces read back; undefined when a
   * piece's text is no longer in memory (saved and forgotten: a snapshot is sent instead).
   */
  const keptFrom = (from: number): Published[] | undefined => {
    const out: Published[] = [];
    // Backwards: a delta's piece ends where the next delta's starts (or at the text's end).
    let end = text.length;
    for (let id = nextId - 1; id >= from; id--) {
      const start = starts[id % ringSize]!;
      if (start >= 0 && start < text.keptFrom) return undefined;
      if (start >= 0) {
        const piece = text.slice(start, end);
        end = start;
        out.push({ id, data: { text: piece }, text: piece });
      } else {
        out.push({ id, data: others.get(id), text: undefined });
      }
    }
    return out.reverse();
  };

  /** The events after `lastEventId`, or undefined when some of them are no longer kept. */
  const missedAfter = (lastEventId: number): Published[] | undefined => {
    if (!Number.isInteger(lastEventId) || lastEventId < 0 || lastEventId >= nextId) return undefined;
    if (lastEventId === nextId - 1) return [];
    if (firstKept() > lastEventId + 1) return undefined;
    return keptFrom(lastEventId + 1);
  };

  const sink: ReplySink = {
    delta(piece) {
      if (ended || !piece) return;
      pending += piece;
      if (timer) return;
      // Leading edge: a delta after a quiet frame goes out at once (no added latency at
      // ordinary token rates); faster ones wait for the frame's end and leave as one event.
      const wait = lastDeltaAt + frameMs - performance.now();
      if (wait <= 0) flushPending();
      else timer = setTimeout(flushPending, Math.ceil(wait));
    },
    flush() {
      if (!ended) flushPending();
    },
    event(data) {
      if (ended) return;
      flushPending();
      publish(data);
    },
    end() {
      if (ended) return;
      flushPending();
      ended = true;
      tap?.end();
      for (const s of subscribers) s.end();
      subscribers.clear();
      others.clear();
    },
  };

  return {
    ...sink,

    /** Called by the runner before its first event: what a resumed client is shown. */
    begin(info: ReplyStart): void {
      start = info;
      text = createReplyText(info.responseMessage.text);
      tap?.begin(info);
    },

    /** Also writes everything published from now on to `t` (set before `begin`). */
    setTap(t: HubTap): void {
      tap = t;
    },

    /**
     * Fields of the reply that change while it runs besides its text (plugin display states):
     * a resumed client's snapshot carries them.
     */
    patchReply(fields: Partial<Message>): void {
      if (!start) return;
      start = { ...start, responseMessage: { ...start.responseMessage, ...fields } };
      tap?.patch(start);
    },

    /**
     * The reply's text as published so far (prefix + sent deltas): a new string, take it once.
     * Only while nothing is forgotten (a short reply, tests); otherwise `wholeText`.
     */
    get text(): string {
      return text.toString();
    },

    /** The whole text so far, its saved start read back (`readSaved`) once memory forgot it. */
    wholeText(readSaved: () => Promise<string | undefined>): Promise<string> {
      return wholeText(text, readSaved);
    },

    /**
     * Whether `resume` with this Last-Event-ID sends a snapshot whose start memory no longer
     * keeps: the caller reads the saved text first and passes it.
     */
    needsSavedText(lastEventId?: number): boolean {
      if (text.keptFrom === 0) return false;
      return lastEventId === undefined || missedAfter(lastEventId) === undefined;
    },

    /** The same text, kept in parts: its length, or a part, without joining the whole. */
    get replyText(): ReplyText {
      return text;
    },

    /** The id of the reply's message (once begun). */
    get replyId(): string | undefined {
      return start?.responseMessage.messageId;
    },

    /** True while a client can still join (started, first event out, not ended). */
    get resumable(): boolean {
      return !ended && start !== null && nextId > 0;
    },

    /** Attaches the response that started the reply: it gets every event from the first. */
    subscribe(sub: Subscriber): void {
      if (ended) sub.end();
      else subscribers.add(sub);
    },

    /**
     * Attaches a resumed client. With a Last-Event-ID whose later events are all still kept, it
     * gets just those (with their original ids); otherwise one `resumed` snapshot carrying the
     * whole text so far (id: the last event's; its start from `savedText` when memory forgot it:
     * needsSavedText). Then it gets every new event. False (and the subscriber untouched) when
     * the reply can no longer be joined.
     */
    resume(sub: Subscriber, lastEventId?: number, savedText = ''): boolean {
      if (!start || ended || nextId === 0) return false;
      const missed = lastEventId === undefined ? undefined : missedAfter(lastEventId);
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
          responseMessage: { ...start.responseMessage, text: joinSaved(savedText, text), unfinished: true },
        };
        sub.event(nextId - 1, snapshot);
      }
      subscribers.add(sub);
      return true;
    },

    unsubscribe(sub: Subscriber): void {
      subscribers.delete(sub);
    },

    /**
     * Resolves once every attached client's socket took what was published, or after `maxMs`
     * (a slow client must not hold up the save).
     */
    async delivered(maxMs: number): Promise<void> {
      // A response's writes are corked until the next tick, which a chain of promises (the
      // pipeline going on to its save) does not reach: yield a turn of the loop so they leave.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const waits = [...subscribers].map((s) => s.delivered?.()).filter((p) => p !== undefined);
      if (waits.length === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(waits),
        new Promise<void>((r) => {
          timer = setTimeout(r, maxMs);
        }),
      ]);
      clearTimeout(timer);
    },

    get subscriberCount(): number {
      return subscribers.size;
    },
  };
}
export type ReplyHub = ReturnType<typeof createReplyHub>;
