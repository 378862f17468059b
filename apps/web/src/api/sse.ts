import type { ErrorCode, StreamEvent, streamEventSchemaFor } from '@chat/contract';
import { ApiError, getAccessToken, refreshSession, toApiError } from './http';

/** One server-sent event, as read from the wire. */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Incremental parser of a `text/event-stream` body (WHATWG rules): lines end with \n, \r\n or
 * \r and may be split anywhere across chunks; an empty line dispatches the event; several
 * `data:` lines join with \n; lines starting with ':' are comments; one space after the colon
 * is dropped.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;
  private lastId: string | undefined;
  private pendingCR = false;

  constructor(private readonly onMessage: (msg: SseMessage) => void) {}

  push(chunk: string): void {
    let text = chunk;
    // A \r at the end of the previous chunk may be the first half of \r\n.
    if (this.pendingCR && text.startsWith('\n')) text = text.slice(1);
    this.pendingCR = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      this.line(this.buffer.slice(start, i));
      if (ch === '\r') {
        if (i + 1 === this.buffer.length) this.pendingCR = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** The stream ended: an event without its final blank line is dropped, as the standard says. */
  end(): void {
    this.buffer = '';
    this.data = [];
    this.event = '';
  }

  get lastEventId(): string | undefined {
    return this.lastId;
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
  }

  private dispatch(): void {
    if (this.id !== undefined) this.lastId = this.id;
    if (this.data.length > 0) {
      this.onMessage({ id: this.id, event: this.event || 'message', data: this.data.join('\n') });
    }
    this.data = [];
    this.event = '';
    this.id = undefined;
  }
}

/** An event the client cannot read: the stream fails with this rather than act on a guess. */
function unreadableEvent(): ApiError {
  return new ApiError(0, 'internal', 'The server sent an event this client cannot read');
}

let schemaFor: typeof streamEventSchemaFor | undefined;

/** The events' schemas (and zod): streamSse loads them with its request, not the page. */
export async function loadStreamSchemas(): Promise<void> {
  schemaFor ??= (await import('./stream-schemas')).streamEventSchemaFor;
}

/**
 * One event of the reply stream, checked against the contract's schema (a mismatch throws).
 * Within streamSse's `onEvent`, or after loadStreamSchemas.
 */
export function parseStreamEvent(data: unknown): StreamEvent {
  if (!schemaFor) throw new Error('parseStreamEvent before loadStreamSchemas');
  const parsed = schemaFor(data).safeParse(data);
  if (!parsed.success) throw unreadableEvent();
  // The schema keeps an error event's `code` a plain string (a newer server may send new codes);
  // the client shows any code it does not know through its generic message.
  return parsed.data as StreamEvent;
}

/** A stream request answered with a non-200 status (its JSON `{ message, code }`). */
export class SseHttpError extends ApiError {}

export interface StreamOptions {
  signal?: AbortSignal;
  /** Called with each event's parsed JSON `data`. */
  onEvent: (data: unknown, msg: SseMessage) => void;
}

/** POSTs `body` as JSON, or GETs when it is undefined. */
async function request(path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network_error', 'Error connecting to server');
  }
}

/**
 * POSTs `body` (GETs `path` when `body` is undefined: joining a running reply) and reads the
 * `text/event-stream` answer until it ends. A 401 refreshes the session once and retries; another
 * non-200 status rejects with SseHttpError, save a 204, which ends with no event. Aborting the signal only stops reading (the server
 * keeps generating and saves the reply). The events' schemas load alongside the request, so
 * `onEvent` may call parseStreamEvent.
 */
export async function streamSse(path: string, body: unknown, opts: StreamOptions): Promise<void> {
  const schemas = loadStreamSchemas();
  schemas.catch(() => undefined); // awaited below, once the reply is open
  let res = await request(path, body, opts.signal);
  if (res.status === 401) {
    await refreshSession();
    res = await request(path, body, opts.signal);
  }
  // 204: nothing to read (a joined reply that has ended already); the caller reads what was saved.
  if (res.status === 204) return;
  if (!res.ok || !res.body) {
    const err = await toApiError(res);
    throw new SseHttpError(err.status, err.code as ErrorCode, err.message, err.issues);
  }
  const parser = new SseParser((msg) => {
    let data: unknown;
    try {
      data = JSON.parse(msg.data);
    } catch {
      throw unreadableEvent(); // keep-alives are comments, never data: this is a broken event
    }
    opts.onEvent(data, msg);
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await schemas;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(value);
    }
    parser.end();
  } catch (err) {
    if (opts.signal?.aborted) return;
    if (err instanceof ApiError) throw err; // an unreadable event, or the handler's own error
    throw new ApiError(0, 'network_error', err instanceof Error ? err.message : 'Error connecting to server');
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
