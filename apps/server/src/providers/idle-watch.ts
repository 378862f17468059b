import { UpstreamTimeout } from './errors.js';

/** A timer that aborts with UpstreamTimeout unless poked often enough. */
export function idleWatch(ms: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const poke = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new UpstreamTimeout(ms)), ms);
    timer.unref();
  };
  poke();
  return { signal: controller.signal, poke, stop: () => timer && clearTimeout(timer) };
}
