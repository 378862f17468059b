import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { TIMINGS, UI_LIMITS } from '@chat/contract';

/** Within this many pixels of the end the view counts as "at the bottom" and keeps following. */
const STICK_PX = 48;

function distanceFromBottom(el: HTMLElement): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/**
 * Keeps a scroll container at the bottom while its content grows (unless the person scrolled
 * up), and tells when to show the scroll-to-bottom button: scrolled more than 15 % of the visible
 * height from the bottom (spec §2), checked TIMINGS.scrollButtonCheckMs after a change and on
 * scroll (debounced TIMINGS.scrollDebounceMs).
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  changeKey: unknown,
) {
  const sticky = useRef(true);
  const [showButton, setShowButton] = useState(false);

  const check = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    setShowButton(distanceFromBottom(el) > el.clientHeight * UI_LIMITS.scrollButtonThreshold);
  }, [scrollRef]);

  const scrollToBottom = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const el = scrollRef.current;
      if (!el) return;
      sticky.current = true;
      el.scrollTo({ top: el.scrollHeight, behavior });
      setShowButton(false);
    },
    [scrollRef],
  );

  // Follow the content as it grows (streamed text, lazily rendered Markdown, images).
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (sticky.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [scrollRef, contentRef]);

  useEffect(() => {
    const el = scrollRef.current;
    if (el && sticky.current) el.scrollTop = el.scrollHeight;
    const timer = setTimeout(check, TIMINGS.scrollButtonCheckMs);
    return () => clearTimeout(timer);
  }, [changeKey, scrollRef, check]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      // Decided at once, so a scroll up during streaming is honoured before the next delta.
      sticky.current = distanceFromBottom(el) <= STICK_PX;
      clearTimeout(timer);
      timer = setTimeout(check, TIMINGS.scrollDebounceMs);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [scrollRef, check]);

  return { showButton, scrollToBottom, resetSticky: () => (sticky.current = true) };
}
