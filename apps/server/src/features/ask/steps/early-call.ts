import { setImmediate as nextTurn } from 'node:timers/promises';
import { streamOf } from '../../../providers/event-push.js';
import type { ChatProvider, ProviderEmit, ProviderEvent, ProviderRequest } from '../../../providers/types.js';

/**
 * The upstream call of a reply, started before its turn is written: the request travels and the
 * model starts while the rows are saved, instead of after. Its events are held until the reply
 * takes them (`run`), which is once the turn is saved; a turn that could not be saved aborts the
 * call through the generation's signal.
 */
export interface EarlyCall {
  /**
   * Hands the held events to `emit`, then each later one as it comes; settles when the call
   * ends, as the provider's push route does. Called once.
   */
  run(emit: ProviderEmit): Promise<void>;
  /** Settles (never rejects) when the call has ended: after an abort, once it has let go. */
  readonly ended: Promise<void>;
}

export function startEarlyCall(
  provider: ChatProvider,
  request: ProviderRequest,
  signal: AbortSignal,
): EarlyCall {
  let held: ProviderEvent[] = [];
  let target: ProviderEmit | undefined;
  let call: Promise<void>;
  try {
    call = streamOf(provider)(request, signal, (ev) => {
      if (target) target(ev);
      else held.push(ev);
    });
  } catch (err) {
    call = Promise.reject(err);
  }
  const ended = call.then(
    () => undefined,
    () => undefined,
  );
  return {
    run(emit) {
      for (const ev of held) emit(ev);
      held = [];
      target = emit;
      return call;
    },
    ended,
  };
}

/**
 * Waits until an upstream call started just before has written its request, so the request is
 * on its way before the embedded store (PGlite runs on this thread) holds the thread for the
 * turn's write. The provider makes the request in promise callbacks, all run before the first
 * check phase; undici then writes to a reused keep-alive socket from an Immediate of its own
 * (it first lets that phase see whether the server closed the idle socket), so a second
 * Immediate, queued from the first, runs after that write. A new connection is still connecting
 * when this returns: its request goes once the thread is free.
 */
export async function letCallLeave(): Promise<void> {
  await nextTurn();
  await nextTurn();
}
