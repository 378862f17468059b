import { TIMINGS } from '@chat/contract';
import { useEffect, type RefObject } from 'react';

/** Events that mean the person is working in the box: the caret blinks again. */
const ACTIVITY = ['focus', 'keydown', 'input', 'pointerdown'] as const;

/**
 * The caret of `ref`'s box blinks while the person is working in it and holds still after
 * `idleMs` without a key, an input, a focus or a pointer press (`data-caret="steady"`, which the
 * box's CSS turns into `caret-animation: manual`). A blinking caret makes the browser repaint an
 * otherwise idle tab twice a second (~2 ms of main-thread work a second); a steady one, none.
 * Browsers without `caret-animation` keep blinking. Nothing re-renders: the attribute is set on
 * the element.
 */
export function useSteadyCaret(
  ref: RefObject<HTMLElement | null>,
  idleMs: number = TIMINGS.caretBlinkIdleMs,
) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const steady = () => {
      el.dataset.caret = 'steady';
    };
    const active = () => {
      delete el.dataset.caret;
      clearTimeout(timer);
      timer = setTimeout(steady, idleMs);
    };
    for (const type of ACTIVITY) el.addEventListener(type, active);
    timer = setTimeout(steady, idleMs);
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) el.removeEventListener(type, active);
    };
  }, [ref, idleMs]);
}
