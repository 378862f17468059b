import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

export interface SseStream {
  /**
   * Writes `event: message`, an id and one JSON data line; returns the id used. The id is the
   * next sequence number, or `id` when given (numbering then continues after it).
   */
  send(data: unknown, id?: number): number;
  /** True once the client went away or end() was called: writes become no-ops. */
  readonly closed: boolean;
  /** True while the socket's buffer is full; callers may hold back optional data until drain. */
  readonly congested: boolean;
  /** Runs `fn` once the socket can take more data (at once when it can already). */
  onDrain(fn: () => void): void;
  /** Runs `fn` when the client disconnects before end(). */
  onDisconnect(fn: () => void): void;
  end(): void;
}

export interface SseOptions {
  /** Id of the first event (ids then increase by one). */
  firstId?: number;
  /** A comment line is written after this much silence so proxies keep the connection. */
  heartbeatMs?: number;
}

/**
 * Takes over the response (reply.hijack) and turns it into a server-sent event stream. Writes
 * after the client left are dropped silently, so a generation can keep running without caring.
 */
export function openSse(reply: FastifyReply, opts: SseOptions = {}): SseStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  releaseSentHeaders(res);
  return new ResponseSse(res, opts.firstId ?? 0, opts.heartbeatMs ?? 15_000);
}

/** Node's own key of the headers set on a response (`setHeader`), found on first use. */
let outHeadersKey: symbol | null | undefined;

/**
 * Node keeps the headers set on a response (helmet's dozen and their values, ~2 KB) for as long
 * as it lasts, and an event stream lasts the whole reply. Once they went out nothing reads them
 * again (after the hijack no Fastify hook does, and Node itself only answers getHeader with them),
 * so the stored copy is let go: `getHeader` then answers undefined, as for a response with none.
 */
function releaseSentHeaders(res: ServerResponse): void {
  if (!res.headersSent) return;
  if (outHeadersKey === undefined)
    outHeadersKey = Object.getOwnPropertySymbols(res).find((k) => k.description === 'kOutHeaders') ?? null;
  if (outHeadersKey) Reflect.set(res, outHeadersKey, null);
}

/**
 * One response's event stream. A class, not a closure: one per open stream, and an object literal
 * with accessors and a closure per method costs ~900 bytes where this costs ~100.
 */
class ResponseSse implements SseStream {
  private ended = false;
  private gone = false;
  private lastWrite = Date.now();
  private readonly disconnectHandlers: (() => void)[] = [];

  constructor(
    private readonly res: ServerResponse,
    private nextId: number,
    private readonly heartbeatMs: number,
  ) {
    heartbeats.watch(this, heartbeatMs);
    res.on('close', () => this.onClose());
    res.on('error', () => {
      /* a reset socket: 'close' follows */
    });
  }

  send(data: unknown, given?: number): number {
    const id = given ?? this.nextId;
    this.nextId = id + 1;
    this.write(`event: message\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
    return id;
  }

  get closed(): boolean {
    return this.ended || this.gone || this.res.destroyed;
  }

  get congested(): boolean {
    return this.res.writableNeedDrain;
  }

  onDrain(fn: () => void): void {
    if (!this.res.writableNeedDrain || this.ended || this.gone) fn();
    else this.res.once('drain', fn);
  }

  onDisconnect(fn: () => void): void {
    if (this.gone) fn();
    else this.disconnectHandlers.push(fn);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    heartbeats.unwatch(this, this.heartbeatMs);
    if (!this.gone && !this.res.destroyed) this.res.end();
  }

  private write(chunk: string): void {
    if (this.ended || this.gone || this.res.destroyed) return;
    this.lastWrite = Date.now();
    this.res.write(chunk);
  }

  /** Called by the shared heartbeat timer: a comment line after `heartbeatMs` of silence. */
  ping(): void {
    if (Date.now() - this.lastWrite >= this.heartbeatMs && !this.res.writableNeedDrain)
      this.write(': ping\n\n');
  }

  private onClose(): void {
    heartbeats.unwatch(this, this.heartbeatMs);
    if (this.ended) return;
    this.gone = true;
    for (const fn of this.disconnectHandlers.splice(0)) fn();
  }
}

/**
 * The heartbeat timers: one per heartbeat period, sweeping every open stream of that period, not
 * one per stream (a Timeout and its closure for each of 1,000 open replies). A stream is checked
 * every third of its period (at least every second) and pinged after a whole period of silence.
 */
class Heartbeats {
  private readonly byPeriod = new Map<number, { streams: Set<ResponseSse>; timer: NodeJS.Timeout }>();

  watch(stream: ResponseSse, periodMs: number): void {
    let group = this.byPeriod.get(periodMs);
    if (!group) {
      const streams = new Set<ResponseSse>();
      const timer = setInterval(
        () => {
          for (const s of streams) s.ping();
        },
        Math.max(1000, Math.floor(periodMs / 3)),
      );
      timer.unref();
      group = { streams, timer };
      this.byPeriod.set(periodMs, group);
    }
    group.streams.add(stream);
  }

  unwatch(stream: ResponseSse, periodMs: number): void {
    const group = this.byPeriod.get(periodMs);
    if (!group?.streams.delete(stream) || group.streams.size > 0) return;
    clearInterval(group.timer);
    this.byPeriod.delete(periodMs);
  }
}

const heartbeats = new Heartbeats();
