import { STATUS_CODES } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { finished, pipeline, Readable } from 'node:stream';
import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { extractResponseHeaders, isAbortError } from '@ai-sdk/provider-utils';
import { createParser, type EventSourceParser } from 'eventsource-parser';
import { request, type Dispatcher } from 'undici';
import { proxyDispatcherOf } from '../../platform/net/upstream-proxy.js';
import { networkCode } from '../errors.js';

/**
 * The cheaper route for a streamed reply's body (docs/decisions.md, "Relay cost"). The SDK still
 * builds and sends the request and answers every failed response (its URL, headers, body, error
 * handlers); only a successful event stream is read here: eventsource-parser (the parser the SDK
 * itself uses) fed straight from the body's reader, JSON.parse, and a protocol's mapper that
 * yields the SDK's own stream parts. The SDK's route is five web-stream hops per chunk (response
 * wrapper, TextDecoderStream, EventSourceParserStream, JSON + zod validation, the provider's
 * transform) plus a tee for OpenAI: about 3/4 of the server's CPU per relayed token.
 * wire-equivalence.test.ts replays recorded streams through both routes and compares the events.
 *
 * With no fetch of its own (the server's configured endpoints), the call itself goes out through
 * undici's `request` and the body is read as a Node stream: fetch's web streams (Request,
 * Response, a byte stream and a promise per chunk) cost about twice the CPU per chunk and 25 KB
 * more per open reply. What the SDK sees of a refusal or a failure is what fetch would have
 * answered: the same status, headers and error body, and the errors fetch throws (`fetch failed`,
 * `terminated`, the abort reason); a successful stream it never sees (`tapFetch`). wire-transport.test.ts compares the two transports on the same streams.
 */

export type WirePart = LanguageModelV3StreamPart;

export interface WireContext {
  url: string;
  responseHeaders: Record<string, string>;
}

/** One protocol's chunks → the SDK's stream parts, appended to `out`. */
export interface WireMapper {
  /** One server-sent event: its data and its `event:` name. */
  event(data: string, name: string | undefined, out: WirePart[]): void;
  /** The body ended cleanly: what the SDK's transform flushes (pending tool calls, finish). */
  end(out: WirePart[]): void;
  /**
   * At a body's end, before `end`: fields to send again with the same request for the rest of
   * the reply (Gemini's CONTINUATION token), as the SDK's stream does; undefined when done.
   */
  continuation?(): Record<string, unknown> | undefined;
  /** A continuation request that failed: the SDK's error part for it. */
  continuationFailed?(error: unknown, out: WirePart[]): void;
}

export interface WireProtocol {
  (ctx: WireContext): WireMapper;
  /**
   * Its mapper may ask for the same request again (`continuation`): only then does a call keep
   * its request body for the whole reply (a long conversation's prompt is most of a call's size).
   */
  continues?: boolean;
}

/** Where a kept body delivers itself: its chunks as they arrive, then its end or failure. */
interface BodySink {
  data(chunk: Uint8Array): void;
  end(): void;
  /** The body failed: the error fetch's reader would throw (the abort reason once aborted). */
  fail(error: unknown): void;
}

/** A successful response whose body is read here. */
export interface KeptBody {
  status: number;
  /**
   * Its headers as the SDK's errors carry them (extractResponseHeaders: lower-case names). One
   * plain object kept for the reply, where a Headers (its list, map and sorted copy) was ~1 KB.
   */
  headers: Record<string, string>;
  /** Starts delivering the body to `sink` (once): pushed, with no promise per chunk. */
  start(sink: BodySink): void;
  /** Stops reading and lets the connection go; the sink hears nothing more. */
  cancel(): void;
}

/** What a call answered: a kept body, or a Response for the SDK (a refusal, or nothing to read). */
type Sent = KeptBody | Response;

/** A successful stream kept here: its body, its URL, and (for `continues`) how to ask again. */
export interface Kept {
  body: KeptBody;
  url: string;
  /** The same request again, its JSON body with these fields added (through the same transport). */
  resend?: (fields: Record<string, unknown>) => Promise<Sent>;
}

interface Tap {
  /** Whether to keep the request for `resend` (WireProtocol.continues). */
  resends: boolean;
  /** Told of a kept body at once. */
  kept: (kept: Kept) => void;
}

/** The calls whose successful stream is read here, by the abort signal the SDK passes to fetch. */
const taps = new WeakMap<AbortSignal, Tap>();

/**
 * The fetch given to an SDK client: a request whose signal was registered by `tapCall` and that
 * answers a 2xx body hands its body to the tap, and the SDK's call never hears back: its response
 * handling (a stream of web streams over the body, built only to be cancelled unread) cost
 * ≈ 0.8 ms before the first chunk could be read, and the call, with nothing holding it, is
 * collected. Anything else (a refusal, a call not registered) reaches the SDK untouched.
 */
export function tapFetch(inner?: typeof fetch): typeof fetch {
  // The operator's PROXY: the stream still goes through undici's request, by way of the proxy.
  const proxy = proxyDispatcherOf(inner);
  return async (input, init) => {
    const tap = init?.signal ? taps.get(init.signal) : undefined;
    if (!tap || !init) return onceMore(init, () => (inner ?? globalThis.fetch)(input, init));
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const send = (body: RequestInit['body']): Promise<Sent> =>
      onceMore(init, () =>
        inner && !proxy
          ? viaFetch(inner, input, { ...init, body })
          : viaRequest(url, { ...init, body }, proxy, inner),
      );
    const sent = await send(init.body);
    if (sent instanceof Response) return sent;
    const resend = tap.resends
      ? (fields: Record<string, unknown>) =>
          send(JSON.stringify({ ...(JSON.parse(String(init.body)) as object), ...fields }))
      : undefined;
    tap.kept({ body: sent, url, ...(resend ? { resend } : {}) });
    return new Promise<Response>(() => {});
  };
}

/** Errors of a connection the other side closed or reset: nothing of an answer came on it. */
const DROPPED = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * A call whose connection was dropped before any answer came is sent once more, on a new one.
 * A kept-alive connection the upstream closes as idle can be picked for a request in the same
 * moment (the client's idle timer runs late on a busy loop, or a proxy in between keeps a
 * shorter timeout than it announces); HTTP clients retry only idempotent methods by themselves,
 * and every call here is a POST. What fails once a reply's stream has begun is not sent again
 * (this only wraps the call up to its status), nor a body that cannot be read twice (a stream).
 */
async function onceMore<T>(init: RequestInit | undefined, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    const body = init?.body;
    const resendable = body == null || typeof body === 'string' || body instanceof Uint8Array;
    if (!resendable || init?.signal?.aborted || !DROPPED.has(networkCode(err) ?? '')) throw err;
    return send();
  }
}

/** Through a fetch: a 2xx body is kept, anything else is the Response itself. */
async function viaFetch(
  fetchFn: typeof fetch,
  input: Parameters<typeof fetch>[0],
  init: RequestInit,
): Promise<Sent> {
  const res = await fetchFn(input, init);
  if (!res.ok || !res.body) return res;
  const reader = res.body.getReader();
  let cancelled = false;
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers.entries()),
    start(sink) {
      void (async () => {
        try {
          for (;;) {
            const next = await reader.read();
            if (cancelled) return;
            if (next.done) return sink.end();
            sink.data(next.value as Uint8Array);
          }
        } catch (err) {
          if (!cancelled) sink.fail(err);
        }
      })();
    },
    cancel() {
      cancelled = true;
      reader.cancel().catch(ignore);
    },
  };
}

/** Statuses whose Response has no body (the constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Through undici's request (by way of `dispatcher`, the operator's proxy, when given), reading a
 * 2xx body as a Node stream. Thrown errors are fetch's: the signal's reason once aborted, else
 * `TypeError('fetch failed')` caused by undici's error. A redirect is sent again through
 * `redirectFetch` (the same proxy's), which follows it as before.
 */
async function viaRequest(
  url: string,
  init: RequestInit,
  dispatcher?: Dispatcher,
  redirectFetch: typeof fetch = globalThis.fetch,
): Promise<Sent> {
  const signal = init.signal ?? undefined;
  let res: Awaited<ReturnType<typeof request>>;
  const sentHeaders = Object.fromEntries(new Headers(init.headers));
  let payload = init.body as string | Uint8Array | Readable | null | undefined;
  if (typeof payload === 'string') {
    // Handed over once, not as the string: undici keeps a string body (and its Buffer copy) for
    // as long as the response lasts, which for a streamed reply is the whole reply, and the body
    // is the whole prompt (a long conversation, an image as a data URL). A one-chunk stream lets
    // go of it once written; the length is given, so it is sent as it was. The stream's own
    // objects (its state, undici's writer and listeners, the header block) stay as long and cost
    // ~1.6 KB: a body smaller than that is handed over as its bytes.
    const bytes = Buffer.from(payload);
    sentHeaders['content-length'] = String(bytes.byteLength);
    payload = bytes.byteLength <= HELD_BODY_MAX_BYTES ? bytes : onceThenGone(bytes);
  }
  try {
    res = await request(url, {
      method: (init.method ?? 'GET') as 'POST',
      headers: sentHeaders,
      body: payload,
      ...(signal ? { signal } : {}),
      ...(dispatcher ? { dispatcher } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw new TypeError('fetch failed', { cause: err });
  }
  // As fetch's Headers would present them: lower-case names, repeated values joined.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (Array.isArray(value)) headers[name] = value.join(', ');
    else if (value !== undefined) headers[name] = value;
  }
  const status = res.statusCode;
  // An error the reader below does not see (a body dropped unread, a reset after a stop) must
  // not become an uncaught one; the reader gets its errors through the stream's iterator.
  res.body.on('error', ignore);
  if (status >= 300 && status < 400) {
    await res.body.dump().catch(ignore);
    return redirectFetch(url, init);
  }
  if (status < 200 || status >= 300) {
    const body = NULL_BODY.has(status) ? null : await res.body.arrayBuffer();
    return new Response(body, { status, statusText: STATUS_CODES[status] ?? '', headers });
  }
  const body = decoded(res.body, headers['content-encoding'] ?? null);
  let cancelled = false;
  return {
    status,
    headers,
    start(sink) {
      body.on('data', (chunk: Uint8Array) => {
        if (!cancelled) sink.data(chunk);
      });
      // finished: the end, an error, or a close before the end (a dropped connection).
      finished(body, { writable: false }, (err) => {
        if (cancelled) return;
        if (!err) return sink.end();
        sink.fail(signal?.aborted ? signal.reason : new TypeError('terminated', { cause: err }));
      });
    },
    cancel() {
      cancelled = true;
      body.destroy();
      res.body.destroy();
    },
  };
}

const ignore = (): void => {};

/** A request body up to this size is handed to undici as its bytes, larger as a one-chunk stream. */
const HELD_BODY_MAX_BYTES = 2048;

/** TextDecoder's options for a chunk with more to come (one object for every chunk). */
const DECODE_STREAM = { stream: true } as const;

/** A stream of one chunk that drops its hold on the chunk once it has handed it over. */
function onceThenGone(chunk: Buffer): Readable {
  let held: Buffer | undefined = chunk;
  return new Readable({
    read() {
      const out = held;
      held = undefined;
      if (out) this.push(out);
      this.push(null);
    },
  });
}

/** A body as fetch would hand it over: decompressed when the server encoded it. */
function decoded(body: Readable, encoding: string | null): Readable {
  const decoder = (() => {
    switch (encoding?.trim().toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return createGunzip();
      case 'deflate':
        return createInflate();
      case 'br':
        return createBrotliDecompress();
      default:
        return undefined;
    }
  })();
  if (!decoder) return body;
  // pipeline: a failing body fails the decoder too (pipe would leave it waiting).
  decoder.on('error', ignore);
  return pipeline(body, decoder, ignore);
}

/**
 * Registers a call (its abort signal): a successful stream it answers goes to `kept`, and with
 * `resends` (the protocol's `continues`) comes with a way to send the request again.
 */
export function tapCall(signal: AbortSignal, resends: boolean, kept: (kept: Kept) => void): void {
  taps.set(signal, { resends, kept });
}

/** Where the parts of a kept response go. */
export interface PartsSink {
  /** The parts one body chunk carried (never empty). */
  parts(out: WirePart[]): void;
  /** The stream is over: cleanly (undefined) or with what failed. Called once. */
  done(error?: unknown): void;
}

/**
 * The stream parts of a kept response, pushed to `sink` a batch per body chunk, with no promise
 * or iterator per chunk. A failing body ends with what the SDK's response wrapper throws (an
 * APICallError with the 2xx status and the network error as its cause), so errors map the same.
 * The handle's `cancel` stops it (the sink hears nothing more).
 */
export function pumpWire(
  first: KeptBody,
  url: string,
  protocol: WireProtocol,
  resend: ((fields: Record<string, unknown>) => Promise<Sent>) | undefined,
  sink: PartsSink,
): { cancel(): void } {
  const pump = new WirePump(first, url, protocol, resend, sink);
  pump.listen();
  return pump;
}

/**
 * One reply's relay from its body to the sink (pumpWire). A class, not a function's closures: one
 * object per open stream where the closures of each step and their context cost ~1 KB.
 */
class WirePump implements BodySink {
  private readonly mapper: WireMapper;
  private readonly parser: EventSourceParser;
  private decoder = new TextDecoder();
  private out: WirePart[] = [];
  private over = false;
  private batchQueued = false;
  private responseHeaders: Record<string, string>;

  constructor(
    private response: KeptBody,
    private readonly url: string,
    protocol: WireProtocol,
    private readonly resend: ((fields: Record<string, unknown>) => Promise<Sent>) | undefined,
    private readonly sink: PartsSink,
  ) {
    this.responseHeaders = response.headers;
    const mapper = protocol({ url, responseHeaders: this.responseHeaders });
    this.mapper = mapper;
    this.parser = createParser({ onEvent: (e) => mapper.event(e.data, e.event, this.out) });
  }

  /** Starts (again, after a continuation) delivering the current response's body here. */
  listen(): void {
    this.response.start(this);
  }

  cancel(): void {
    if (this.over) return;
    this.over = true;
    this.response.cancel();
  }

  /**
   * One chunk of the body. What one read of the socket carried goes out as one batch, as a stream
   * iterator's read() took all the chunks buffered by then: the HTTP parser hands over each chunk
   * of a read in turn, synchronously, and the batch leaves in a microtask after the last. One
   * event per read instead of one per upstream chunk (a read under load carries several tokens).
   * Per chunk: no closure, no options object.
   */
  data(chunk: Uint8Array): void {
    if (this.over) return;
    try {
      this.parser.feed(this.decoder.decode(chunk, DECODE_STREAM));
    } catch (err) {
      this.send();
      this.finish(err ?? new Error('stream mapping failed'));
      return;
    }
    if (!this.batchQueued && this.out.length > 0) {
      this.batchQueued = true;
      queueMicrotask(this.sendQueued);
    }
  }

  end(): void {
    if (!this.over) void this.ended().catch((err: unknown) => this.finish(err));
  }

  fail(error: unknown): void {
    if (this.over) return;
    this.send(); // what came before the failure (a batch still queued) goes out first
    if (isAbortError(error)) return this.finish(error);
    this.finish(
      new APICallError({
        message: 'Failed to process successful response',
        cause: error,
        statusCode: this.response.status,
        url: this.url,
        responseHeaders: this.responseHeaders,
        requestBodyValues: undefined,
        isRetryable: true,
      }),
    );
  }

  private readonly sendQueued = (): void => {
    this.batchQueued = false;
    this.send();
  };

  private finish(error?: unknown): void {
    if (this.over) return;
    this.over = true;
    this.response.cancel();
    this.sink.done(error);
  }

  /** Parts mapped before a mapper throws still go out first, as the SDK's transform enqueued them. */
  private send(): void {
    if (this.out.length === 0 || this.over) return;
    const batch = this.out;
    this.out = [];
    this.sink.parts(batch);
  }

  /** Runs a step of the mapping; a throw sends what was mapped before it and ends the stream. */
  private mapped(step: () => void): boolean {
    let failure: unknown;
    try {
      step();
    } catch (err) {
      failure = err ?? new Error('stream mapping failed');
    }
    this.send();
    if (failure !== undefined) this.finish(failure);
    return failure === undefined;
  }

  private async ended(): Promise<void> {
    const { mapper, parser } = this;
    if (
      !this.mapped(() => {
        const tail = this.decoder.decode();
        if (tail) parser.feed(tail);
      })
    )
      return;
    let more: Record<string, unknown> | undefined;
    if (!this.mapped(() => (more = mapper.continuation?.()))) return;
    if (more && this.resend) {
      const next = await continued(this.resend, more, this.url);
      if (this.over) {
        if (isKept(next)) next.cancel();
        return;
      }
      if (isKept(next)) {
        this.response = next;
        this.responseHeaders = next.headers;
        parser.reset();
        this.decoder = new TextDecoder();
        return this.listen();
      }
      if (!this.mapped(() => mapper.continuationFailed?.(next, this.out))) return;
    }
    if (this.mapped(() => mapper.end(this.out))) this.finish();
  }
}

const isKept = (v: unknown): v is KeptBody =>
  typeof v === 'object' && v !== null && !(v instanceof Response) && 'start' in v && 'cancel' in v;

/**
 * The continuation request, or what failed: a thrown error, or an APICallError of a refused
 * answer carrying what the SDK's failed-response handler would (status, body, headers, data).
 */
async function continued(
  resend: (fields: Record<string, unknown>) => Promise<Sent>,
  fields: Record<string, unknown>,
  url: string,
): Promise<KeptBody | unknown> {
  let res: Sent;
  try {
    res = await resend(fields);
  } catch (err) {
    return err;
  }
  if (isKept(res)) return res;
  const responseBody = await res.text().catch(() => '');
  let data: unknown;
  try {
    data = JSON.parse(responseBody);
  } catch {
    data = undefined;
  }
  const message = (data as { error?: { message?: unknown } } | undefined)?.error?.message;
  return new APICallError({
    message: typeof message === 'string' ? message : res.statusText,
    url,
    requestBodyValues: fields,
    statusCode: res.status,
    responseHeaders: extractResponseHeaders(res),
    responseBody,
    ...(typeof message === 'string' ? { data } : {}),
  });
}
