import { describe, expect, it } from 'vitest';
import { filteredProvider, pulled, streamOf } from './event-push.js';
import type { ChatProvider, ProviderEvent } from './types.js';

const req = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
const text = (t: string): ProviderEvent => ({ type: 'text', text: t });
const FINISH: ProviderEvent = { type: 'finish', finishReason: 'stop' };

/** A provider with only the pull route, which notes whether it was let go before its end. */
function pullOnly(events: ProviderEvent[]) {
  const seen = { returnedEarly: false, signal: undefined as AbortSignal | undefined };
  const provider: ChatProvider = {
    async *stream(_req, signal) {
      seen.signal = signal;
      let i = 0;
      try {
        for (; i < events.length; i++) {
          if (signal.aborted) return;
          yield events[i]!;
        }
      } finally {
        if (i < events.length) seen.returnedEarly = true;
      }
    },
    complete: () => Promise.resolve({ text: 'done', toolCalls: [] }),
  };
  return { provider, seen };
}

describe('push and pull routes of a provider', () => {
  it('streamOf iterates the pull route of a provider without a push route', async () => {
    const { provider } = pullOnly([text('a'), text('b'), FINISH]);
    const got: ProviderEvent[] = [];
    await streamOf(provider)(req, new AbortController().signal, (e) => got.push(e));
    expect(got).toEqual([text('a'), text('b'), FINISH]);
  });

  it('streamOf: a throw of the consumer stops the pull route and rejects with it', async () => {
    const { provider, seen } = pullOnly([text('a'), text('b'), text('c'), FINISH]);
    const boom = new Error('boom');
    const run = streamOf(provider)(req, new AbortController().signal, (e) => {
      if (e.type === 'text' && e.text === 'b') throw boom;
    });
    await expect(run).rejects.toBe(boom);
    expect(seen.returnedEarly).toBe(true);
  });

  it('pulled: events in order, waiting for the ones still to come', async () => {
    const run = async (_signal: AbortSignal, emit: (e: ProviderEvent) => void) => {
      emit(text('a'));
      await new Promise((r) => setTimeout(r, 5));
      emit(text('b'));
      emit(FINISH);
    };
    const got: ProviderEvent[] = [];
    for await (const e of pulled(run, new AbortController().signal)) got.push(e);
    expect(got).toEqual([text('a'), text('b'), FINISH]);
  });

  it("pulled: leaving the loop aborts the run's signal; the caller's abort reaches it with its reason", async () => {
    let inner: AbortSignal | undefined;
    const forever = (signal: AbortSignal, emit: (e: ProviderEvent) => void) => {
      inner = signal;
      emit(text('a'));
      return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    };
    for await (const e of pulled(forever, new AbortController().signal)) {
      expect(e).toEqual(text('a'));
      break;
    }
    expect(inner?.aborted).toBe(true);

    const outer = new AbortController();
    const got: ProviderEvent[] = [];
    const loop = (async () => {
      for await (const e of pulled(forever, outer.signal)) got.push(e);
    })();
    await new Promise((r) => setTimeout(r, 5));
    outer.abort('stopped by the user');
    await loop;
    expect(got).toEqual([text('a')]);
    expect(inner?.reason).toBe('stopped by the user');
  });

  it('pulled: a run that fails rejects the loop after the events before it', async () => {
    const failing = (_signal: AbortSignal, emit: (e: ProviderEvent) => void) => {
      emit(text('a'));
      return Promise.reject(new Error('run failed'));
    };
    const got: ProviderEvent[] = [];
    await expect(
      (async () => {
        for await (const e of pulled(failing, new AbortController().signal)) got.push(e);
      })(),
    ).rejects.toThrow('run failed');
    expect(got).toEqual([text('a')]);
  });

  it('filteredProvider: the same filter on both routes, end after the last event; complete is the inner one', async () => {
    const { provider } = pullOnly([text('a'), text('b'), FINISH]);
    const upper = filteredProvider(provider, (emit) => ({
      event: (e) => emit(e.type === 'text' ? text(e.text.toUpperCase()) : e),
      end: () => emit(text('.')),
    }));
    const pushedEvents: ProviderEvent[] = [];
    await upper.streamTo!(req, new AbortController().signal, (e) => pushedEvents.push(e));
    const pulledEvents: ProviderEvent[] = [];
    for await (const e of upper.stream(req, new AbortController().signal)) pulledEvents.push(e);
    expect(pushedEvents).toEqual([text('A'), text('B'), FINISH, text('.')]);
    expect(pulledEvents).toEqual(pushedEvents);
    expect(await upper.complete(req, new AbortController().signal)).toEqual({ text: 'done', toolCalls: [] });
  });
});
