import type { FastifyReply } from 'fastify';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
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
  let nextId = opts.firstId ?? 0;
  let ended = false;
  let gone = false;
  let lastWrite = Date.now();
  const disconnectHandlers: (() => void)[] = [];
  const heartbeatMs = opts.heartbeatMs ?? 15_000;

  const write = (chunk: string): void => {
    if (ended || gone || res.destroyed) return;
    lastWrite = Date.now();
    res.write(chunk);
  };

  const heartbeat = setInterval(
    () => {
      if (Date.now() - lastWrite >= heartbeatMs && !res.writableNeedDrain) write(': ping\n\n');
    },
    Math.max(1000, Math.floor(heartbeatMs / 3)),
  );
  heartbeat.unref();

  res.on('close', () => {
    clearInterval(heartbeat);
    if (ended) return;
    gone = true;
    for (const fn of disconnectHandlers.splice(0)) fn();
  });
  res.on('error', () => {
    /* a reset socket: 'close' follows */
  });

  return {
    send(data, given) {
      const id = given ?? nextId;
      nextId = id + 1;
      write(`event: message\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`);
      return id;
    },
    get closed() {
      return ended || gone || res.destroyed;
    },
    get congested() {
      return res.writableNeedDrain;
    },
    onDrain(fn) {
      if (!res.writableNeedDrain || ended || gone) fn();
      else res.once('drain', fn);
    },
    onDisconnect(fn) {
      if (gone) fn();
      else disconnectHandlers.push(fn);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      if (!gone && !res.destroyed) res.end();
    },
  };
}
