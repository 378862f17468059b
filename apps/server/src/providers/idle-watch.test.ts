import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpstreamTimeout } from './errors.js';
import { idleWatch } from './idle-watch.js';

describe('idle watch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('aborts with UpstreamTimeout only after ms without a poke', () => {
    const idle = idleWatch(1000);
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(600);
      idle.poke();
    }
    expect(idle.signal.aborted).toBe(false);
    vi.advanceTimersByTime(999);
    expect(idle.signal.aborted).toBe(false);
    vi.advanceTimersByTime(2);
    expect(idle.signal.aborted).toBe(true);
    expect(idle.timedOut).toBe(true);
    expect(idle.signal.reason).toBeInstanceOf(UpstreamTimeout);
  });

  it("aborts with the caller's signal and its reason, which is not a timeout", () => {
    const outer = new AbortController();
    const idle = idleWatch(1000, outer.signal);
    outer.abort(new Error('stopped'));
    expect(idle.signal.aborted).toBe(true);
    expect(idle.timedOut).toBe(false);
    expect((idle.signal.reason as Error).message).toBe('stopped');
    vi.advanceTimersByTime(5000);
    expect(idle.timedOut).toBe(false);

    const already = idleWatch(1000, AbortSignal.abort('gone'));
    expect(already.signal.aborted).toBe(true);
    expect(already.signal.reason).toBe('gone');
  });

  it('stop leaves the signal alone: no timeout, no abort from the caller', () => {
    const outer = new AbortController();
    const idle = idleWatch(1000, outer.signal);
    idle.stop();
    vi.advanceTimersByTime(5000);
    outer.abort();
    expect(idle.signal.aborted).toBe(false);
  });
});
