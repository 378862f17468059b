import type { ChatProvider, ProviderEmit, ProviderEvent, ProviderRequest } from './types.js';

/** A provider's push route: its events handed to `emit` as they come (ChatProvider.streamTo). */
export type EventRun = (req: ProviderRequest, signal: AbortSignal, emit: ProviderEmit) => Promise<void>;

/** A provider's push route: its own `streamTo`, else its `stream` iterated. */
export function streamOf(provider: ChatProvider): EventRun {
  const streamTo = provider.streamTo;
  if (streamTo) return (req, signal, emit) => streamTo(req, signal, emit);
  return async (req, signal, emit) => {
    for await (const ev of provider.stream(req, signal)) emit(ev);
  };
}

/**
 * A push route as an async iterable: the pull route of a provider whose core pushes. Events wait
 * in a queue until the loop takes them; leaving the loop early (break, a throw) aborts the
 * run's signal, which stops the upstream as returning a generator did.
 */
export async function* pulled(
  run: (signal: AbortSignal, emit: ProviderEmit) => Promise<void>,
  outer: AbortSignal,
): AsyncGenerator<ProviderEvent> {
  const stop = new AbortController();
  const onOuter = (): void => stop.abort(outer.reason);
  if (outer.aborted) onOuter();
  else outer.addEventListener('abort', onOuter, { once: true });
  const queue: ProviderEvent[] = [];
  let wake: (() => void) | undefined;
  let settled = false;
  let failure: { error: unknown } | undefined;
  const settle = (): void => {
    settled = true;
    wake?.();
  };
  run(stop.signal, (ev) => {
    queue.push(ev);
    wake?.();
  }).then(settle, (error: unknown) => {
    failure = { error };
    settle();
  });
  try {
    for (;;) {
      const ev = queue.shift();
      if (ev) {
        yield ev;
        continue;
      }
      if (settled) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    if (failure) throw failure.error;
  } finally {
    outer.removeEventListener('abort', onOuter);
    stop.abort();
  }
}

/** What a wrapper does to one stream's events: each event in, any events out, `end` after the last. */
export interface EventFilter {
  event(ev: ProviderEvent): void;
  end(): void;
}

/**
 * A provider whose streamed events pass through a filter made for each stream, on both routes
 * (the push route stays push: no queue, no promise per event). `complete` is the inner one
 * unless given.
 */
export function filteredProvider(
  inner: ChatProvider,
  filter: (emit: ProviderEmit) => EventFilter,
  complete: ChatProvider['complete'] = (req, signal) => inner.complete(req, signal),
): ChatProvider {
  const run = streamOf(inner);
  // Not an async function: its frame would stay suspended for the whole reply (~0.5 KB each).
  const streamTo: EventRun = (req, signal, emit) => {
    let f: EventFilter;
    try {
      f = filter(emit);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return run(req, signal, (ev) => f.event(ev)).then(() => f.end());
  };
  return {
    stream: (req, signal) => pulled((s, emit) => streamTo(req, s, emit), signal),
    streamTo,
    complete,
  };
}
