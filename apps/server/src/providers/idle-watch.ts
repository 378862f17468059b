import { UpstreamTimeout } from './errors.js';

/**
 * The signal of one upstream call: it aborts with the caller's `outer` signal (its reason), or
 * with UpstreamTimeout once `ms` pass without a poke. One controller and one timer per call
 * (AbortSignal.any kept a composite signal, its weak references and listener maps per reply): a
 * poke, which comes with every chunk, only notes the time, and the timer, when it fires before
 * `ms` of quiet, waits out the rest. A class: one small object per open reply.
 */
export class IdleWatch {
  private readonly controller = new AbortController();
  private last = performance.now();
  private timeout = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly onOuter = (): void => {
    clearTimeout(this.timer);
    this.controller.abort(this.outer?.reason);
  };

  constructor(
    private readonly ms: number,
    private readonly outer?: AbortSignal,
  ) {
    if (outer?.aborted) this.onOuter();
    else outer?.addEventListener('abort', this.onOuter, { once: true });
    this.arm(ms);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True when the call was stopped for its silence (then `signal.reason` is the UpstreamTimeout). */
  get timedOut(): boolean {
    return this.timeout;
  }

  poke(): void {
    this.last = performance.now();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuter);
  }

  private arm(delay: number): void {
    this.timer = setTimeout(() => this.check(), delay);
    this.timer.unref();
  }

  private check(): void {
    if (this.controller.signal.aborted) return;
    const quiet = performance.now() - this.last;
    if (quiet < this.ms) return this.arm(this.ms - quiet);
    this.timeout = true;
    this.controller.abort(new UpstreamTimeout(this.ms));
  }
}

export const idleWatch = (ms: number, outer?: AbortSignal): IdleWatch => new IdleWatch(ms, outer);
