import { useLayoutEffect, type RefObject } from 'react';

/**
 * Grows a textarea with its content, up to `maxPx` (then it scrolls). An empty field is as tall as
 * its placeholder: a one-row field would show only the first line of a placeholder that wraps on a
 * narrow screen.
 */
export function useAutoGrow(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  maxPx: number,
  placeholder?: string,
): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    let needed = el.scrollHeight;
    if (value === '' && placeholder) {
      // The placeholder takes no room of its own: measured as if it were the text, then cleared.
      el.value = placeholder;
      needed = Math.max(needed, el.scrollHeight);
      el.value = '';
    }
    const next = Math.min(needed, maxPx);
    el.style.height = `${next}px`;
    el.style.overflowY = needed > maxPx ? 'auto' : 'hidden';
  }, [ref, value, maxPx, placeholder]);
}
