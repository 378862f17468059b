import { describe, expect, it } from 'vitest';
import type { ChatProvider, ProviderEmit, ProviderEvent } from '../../../providers/types.js';
import { startEarlyCall } from './early-call.js';

/** A provider whose push route the test drives: `push` emits, `finish` ends the call. */
function drivenProvider() {
  let emit: ProviderEmit | undefined;
  let finish: ((err?: Error) => void) | undefined;
  const provider = {
    streamTo: (_req, _signal, e) => {
      emit = e;
      return new Promise<void>((resolve, reject) => {
        finish = (err) => (err ? reject(err) : resolve());
      });
    },
  } as Pick<ChatProvider, 'streamTo'> as ChatProvider;
  return {
    provider,
    push: (ev: ProviderEvent) => emit!(ev),
    finish: (err?: Error) => finish!(err),
  };
}

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], params: {} };
const text = (t: string): ProviderEvent => ({ type: 'text', text: t });

describe('an upstream call started before the turn is written', () => {
  it('holds the events that come before the reply takes them, then hands on each as it comes', async () => {
    const up = drivenProvider();
    const call = startEarlyCall(up.provider, request, new AbortController().signal);
    up.push(text('a'));
    up.push(text('b'));
    const got: string[] = [];
    const running = call.run((ev) => got.push(ev.type === 'text' ? ev.text : ev.type));
    expect(got).toEqual(['a', 'b']);
    up.push(text('c'));
    expect(got).toEqual(['a', 'b', 'c']);
    up.finish();
    await running;
    await call.ended;
  });

  it('settles `ended` without rejecting when the call fails, and `run` rejects as the call did', async () => {
    const up = drivenProvider();
    const call = startEarlyCall(up.provider, request, new AbortController().signal);
    up.finish(new Error('upstream gone'));
    await expect(call.ended).resolves.toBeUndefined();
    await expect(call.run(() => undefined)).rejects.toThrow('upstream gone');
  });

  it('turns a provider that throws at once into a failed call', async () => {
    const provider = {
      streamTo: () => {
        throw new Error('no request made');
      },
    } as Pick<ChatProvider, 'streamTo'> as ChatProvider;
    const call = startEarlyCall(provider, request, new AbortController().signal);
    await expect(call.ended).resolves.toBeUndefined();
    await expect(call.run(() => undefined)).rejects.toThrow('no request made');
  });
});
