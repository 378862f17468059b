import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { extractResponseHeaders, isAbortError } from '@ai-sdk/provider-utils';
import { createParser } from 'eventsource-parser';

/**
 * The cheaper route for a streamed reply's body (docs/decisions.md, "Relay cost"). The SDK still
 * builds and sends the request and answers every failed response (its URL, headers, body, error
 * handlers); only a successful event stream is read here: eventsource-parser (the parser the SDK
 * itself uses) fed straight from the body's reader, JSON.parse, and a protocol's mapper that
 * yields the SDK's own stream parts. The SDK's route is five web-stream hops per chunk (response
 * wrapper, TextDecoderStream, EventSourceParserStream, JSON + zod validation, the provider's
 * transform) plus a tee for OpenAI: about 3/4 of the server's CPU per relayed token.
 * wire-equivalence.test.ts replays recorded streams through both routes and compares the events.
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

export type WireProtocol = (ctx: WireContext) => WireMapper;

interface Tap {
  response?: Response;
  url?: string;
  /** The same request again, its JSON body with these fields added (through the same fetch). */
  resend?: (fields: Record<string, unknown>) => Promise<Response>;
}

/** The calls whose successful stream is read here, by the abort signal the SDK passes to fetch. */
const taps = new WeakMap<AbortSignal, Tap>();

/**
 * The fetch given to an SDK client: a request whose signal was registered by `tapCall` and that
 * answers a 2xx body keeps its body for wireParts; the SDK gets an empty body with the same status
 * and headers (its stream is cancelled unread). Anything else reaches the SDK untouched.
 */
export function tapFetch(inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const tap = init?.signal ? taps.get(init.signal) : undefined;
    const res = await (inner ?? globalThis.fetch)(input, init);
    if (!tap || !res.ok || !res.body) return res;
    tap.response = res;
    tap.url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    tap.resend = (fields) =>
      (inner ?? globalThis.fetch)(input, {
        ...init,
        body: JSON.stringify({ ...(JSON.parse(String(init?.body)) as object), ...fields }),
      });
    return new Response('', { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/** Registers a call (its abort signal); after the SDK's doStream, `response` is the body kept. */
export function tapCall(signal: AbortSignal): Tap {
  const tap: Tap = {};
  taps.set(signal, tap);
  return tap;
}

/**
 * The stream parts of a kept response, a batch per body chunk. A failing body throws what the
 * SDK's response wrapper throws (an APICallError with the 2xx status and the network error as
 * its cause), so errors map the same.
 */
export async function* wireParts(
  first: Response,
  url: string,
  protocol: WireProtocol,
  resend?: (fields: Record<string, unknown>) => Promise<Response>,
): AsyncGenerator<WirePart[]> {
  let response = first;
  let responseHeaders = extractResponseHeaders(response);
  const mapper = protocol({ url, responseHeaders });
  const batch: { out: WirePart[] } = { out: [] };
  const parser = createParser({ onEvent: (e) => mapper.event(e.data, e.event, batch.out) });
  let decoder = new TextDecoder();
  let reader = response.body!.getReader();
  // Parts mapped before a mapper throws still go out first, as the SDK's transform enqueued them.
  const take = (): WirePart[] => {
    const out = batch.out;
    batch.out = [];
    return out;
  };
  try {
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw new APICallError({
          message: 'Failed to process successful response',
          cause: error,
          statusCode: response.status,
          url,
          responseHeaders,
          requestBodyValues: undefined,
          isRetryable: true,
        });
      }
      let failure: unknown;
      try {
        if (chunk.done) {
          const tail = decoder.decode();
          if (tail) parser.feed(tail);
          const more = mapper.continuation?.();
          if (more && resend) {
            const next = await continued(resend, more, url);
            if (next instanceof Response) {
              response = next;
              responseHeaders = extractResponseHeaders(next);
              parser.reset();
              decoder = new TextDecoder();
              reader = next.body!.getReader();
              if (batch.out.length > 0) yield take();
              continue;
            }
            mapper.continuationFailed?.(next, batch.out);
          }
          mapper.end(batch.out);
        } else {
          parser.feed(decoder.decode(chunk.value, { stream: true }));
        }
      } catch (err) {
        failure = err ?? new Error('stream mapping failed');
      }
      if (batch.out.length > 0) yield take();
      if (failure !== undefined) throw failure;
      if (chunk.done) return;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * The continuation request, or what failed: a thrown error, or an APICallError of a refused
 * answer carrying what the SDK's failed-response handler would (status, body, headers, data).
 */
async function continued(
  resend: (fields: Record<string, unknown>) => Promise<Response>,
  fields: Record<string, unknown>,
  url: string,
): Promise<Response | unknown> {
  let res: Response;
  try {
    res = await resend(fields);
  } catch (err) {
    return err;
  }
  if (res.ok && res.body) return res;
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
