import { UpstreamTimeout } from './errors.js';

/**
 * The signal of one upstream call: it aborts with the caller's `outer` signal (its reason), or
 * with UpstreamTimeout once `ms` pass without a poke. One controller and one timer per call
 * (AbortSignal.any kept a composite signal, its weak references and listener maps per reply): a
 * poke, which comes with every chunk, only notes the time, and the timer, when it fires before
 * `ms` of quiet, waits out the rest.
 */
export function idleWatch(ms: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let last = performance.now();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (delay: number): void => {
    timer = setTimeout(check, delay);
    timer.unref();
  };
  function check(): void {
    if (controller.signal.aborted) return;
    const quiet = performance.now() - last;
    if (quiet < ms) return arm(ms - quiet);
    timedOut = true;
    controller.abort(new UpstreamTimeout(ms));
  }
  const onOuter = (): void => {
    clearTimeout(timer);
    controller.abort(outer?.reason);
  };
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  arm(ms);
  return {
    signal: controller.signal,
    /** True when the call was stopped for its silence (then `signal.reason` is the UpstreamTimeout). */
    get timedOut(): boolean {
      return timedOut;
    },
    poke(): void {
      last = performance.now();
    },
    stop(): void {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}
