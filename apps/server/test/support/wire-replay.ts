/**
 * Recorded HTTP answers of an upstream, replayed byte for byte: what the equivalence tests of the
 * cheaper stream route (providers/sdk/wire-stream.ts) feed both routes with.
 */
import type { ChatProvider, ProviderEvent, ProviderRequest } from '../../src/providers/types.js';

export interface Recording {
  status: number;
  headers: [string, string][];
  chunks: Uint8Array[];
  /** The body failed after its chunks (a reset connection): the error the reader threw. */
  error?: unknown;
  /** The body stalled after its chunks (until the caller aborts); status 0: no answer at all. */
  hangs?: boolean;
}

/** How a replay cuts the recorded bytes into chunks. */
export type Chunking = 'recorded' | 'bytes' | 'whole' | 'sevens';

/**
 * The answer to one request, recorded through the real fetch. A body that sends nothing for
 * `stallMs` is recorded as hanging there.
 */
export async function record(url: string, init: RequestInit, stallMs = 400): Promise<Recording> {
  const stop = new AbortController();
  const signal = init.signal ? AbortSignal.any([init.signal, stop.signal]) : stop.signal;
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<'stall'>((r) => (timer = setTimeout(() => r('stall'), stallMs)));
  const res = await Promise.race([fetch(url, { ...init, signal }), silent]).finally(() =>
    clearTimeout(timer),
  );
  if (res === 'stall') {
    stop.abort();
    return { status: 0, headers: [], chunks: [], hangs: true };
  }
  const out: Recording = { status: res.status, headers: [...res.headers], chunks: [] };
  if (!res.body) return out;
  const reader = res.body.getReader();
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const stall = new Promise<'stall'>((r) => (timer = setTimeout(() => r('stall'), stallMs)));
    try {
      const next = await Promise.race([reader.read(), stall]);
      if (next === 'stall') {
        out.hangs = true;
        reader.cancel().catch(() => {});
        stop.abort();
        return out;
      }
      if (next.done) return out;
      out.chunks.push(next.value);
    } catch (err) {
      out.error = err;
      return out;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A recording made of a body's text (hand-written streams). */
export function synthetic(body: string, status = 200, contentType = 'text/event-stream'): Recording {
  return {
    status,
    headers: [['content-type', contentType]],
    chunks: [new TextEncoder().encode(body)],
  };
}

function rechunk(chunks: Uint8Array[], how: Chunking): Uint8Array[] {
  if (how === 'recorded') return chunks;
  const all = Buffer.concat(chunks);
  if (how === 'whole') return all.length ? [new Uint8Array(all)] : [];
  const size = how === 'bytes' ? 1 : 7;
  const out: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) out.push(new Uint8Array(all.subarray(i, i + size)));
  return out;
}

/** A fetch answering every request with the recording (each call a fresh body). */
export function replayFetch(rec: Recording, how: Chunking = 'recorded'): typeof fetch {
  return async (_input, init) => {
    const signal = init?.signal ?? undefined;
    if (rec.status === 0) {
      // No answer: the request waits until the caller gives up.
      return new Promise<Response>((_, reject) => {
        const fail = () => reject(signal?.reason as Error);
        if (signal?.aborted) fail();
        else signal?.addEventListener('abort', fail, { once: true });
      });
    }
    const chunks = rechunk(rec.chunks, how);
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < chunks.length) return controller.enqueue(chunks[i++]!);
        // A reset arrives after what came before it has been read, as on a socket: errored at
        // once, the SDK's piped streams would drop chunks they had queued but not handed on.
        if (rec.error !== undefined) {
          return new Promise<void>((resolve) =>
            setTimeout(() => {
              controller.error(rec.error);
              resolve();
            }, 5),
          );
        }
        if (!rec.hangs) return controller.close();
        return new Promise<void>((resolve) => {
          const fail = () => {
            controller.error(signal?.reason);
            resolve();
          };
          if (signal?.aborted) fail();
          else signal?.addEventListener('abort', fail, { once: true });
        });
      },
    });
    signal?.throwIfAborted();
    const noBody = rec.status === 204 || rec.status === 304;
    return new Response(noBody ? null : body, { status: rec.status, headers: rec.headers });
  };
}

/** Every event of one stream (the provider's own, not yet storable). */
export async function eventsOf(provider: ChatProvider, req: ProviderRequest): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const e of provider.stream(req, new AbortController().signal)) events.push(e);
  return events;
}
