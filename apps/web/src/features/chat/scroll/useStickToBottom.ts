import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { TIMINGS, UI_LIMITS } from '@chat/contract';

/** Within this many pixels of the end the view counts as "at the bottom" and keeps following. */
const STICK_PX = 48;

function distanceFromBottom(el: HTMLElement): number {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

/**
 * Keeps a scroll container at the bottom while its content grows (unless the person scrolled
 * up: that holds at least TIMINGS.userScrollHoldMs, even near the end), and tells when to show the scroll-to-bottom button: scrolled more than 15 % of the visible
 * height from the bottom, checked TIMINGS.scrollButtonCheckMs after a change and on
 * scroll (debounced TIMINGS.scrollDebounceMs). Going to the bottom on request is throttled.
 */
export function useStickToBottom(
  scrollRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
  changeKey: unknown,
  /**
   * Follow the content as it grows (the autoScroll preference, on by default). Off, the view
   * still goes to the end when `changeKey` changes, and otherwise stays where it is.
   */
  followGrowth = true,
) {
  const sticky = useRef(true);
  const followGrowthRef = useRef(followGrowth);
  followGrowthRef.current = followGrowth;
  /** The scroll position last seen or set here: a scroll event that moved up from it is the person's. */
  const lastTop = useRef(0);
  /** Until then, a scroll up by the person holds even near the end (TIMINGS.userScrollHoldMs). */
  const heldUntil = useRef(-Infinity);
  const [showButton, setShowButton] = useState(false);

  const follow = useCallback((el: HTMLElement) => {
    el.scrollTop = el.scrollHeight;
    lastTop.current = el.scrollTop;
  }, []);

  const check = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    setShowButton(distanceFromBottom(el) > el.clientHeight * UI_LIMITS.scrollButtonThreshold);
  }, [scrollRef]);

  // Going to the bottom is throttled: an instant jump at most every
  // TIMINGS.scrollThrottleInstantMs, a smooth scroll every TIMINGS.scrollThrottleSmoothMs (it lasts
  // about that long). A call inside the window runs once at its end, so the last one is not lost.
  const lastScroll = useRef({ instant: -Infinity, smooth: -Infinity });
  const pendingScroll = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scrollToBottom = useCallback(
    function scrollToBottom(behavior: ScrollBehavior = 'auto') {
      const el = scrollRef.current;
      if (!el) return;
      const kind = behavior === 'smooth' ? 'smooth' : 'instant';
      const throttle = kind === 'smooth' ? TIMINGS.scrollThrottleSmoothMs : TIMINGS.scrollThrottleInstantMs;
      const wait = lastScroll.current[kind] + throttle - Date.now();
      clearTimeout(pendingScroll.current);
      if (wait > 0) {
        pendingScroll.current = setTimeout(() => scrollToBottom(behavior), wait);
        return;
      }
      lastScroll.current[kind] = Date.now();
      sticky.current = true;
      heldUntil.current = -Infinity;
      el.scrollTo({ top: el.scrollHeight, behavior });
      lastTop.current = el.scrollTop;
      setShowButton(false);
    },
    [scrollRef],
  );
  useEffect(() => () => clearTimeout(pendingScroll.current), []);

  // Follow the content as it grows (streamed text, lazily rendered Markdown, images) and the view
  // as it shrinks.
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (sticky.current && followGrowthRef.current) follow(el);
    });
    observer.observe(content);
    // The view itself shrinks when the strip below it appears (the bottom button, the scroll
    // button): the newest text would slip under its lower edge.
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef, contentRef, follow]);

  useEffect(() => {
    const el = scrollRef.current;
    if (el && sticky.current) follow(el);
    const timer = setTimeout(check, TIMINGS.scrollButtonCheckMs);
    return () => clearTimeout(timer);
  }, [changeKey, scrollRef, check, follow]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let holdTimer: ReturnType<typeof setTimeout> | undefined;
    lastTop.current = el.scrollTop;
    // When the hold ends with the view still near the end, it follows again.
    const endHold = () => {
      if (distanceFromBottom(el) <= STICK_PX) {
        sticky.current = true;
        if (followGrowthRef.current) follow(el);
      }
    };
    const onScroll = () => {
      // Decided at once, so a scroll up during streaming is honoured before the next delta. Only
      // a move up lets go of the bottom: the event of our own follow arrives a frame late, and
      // the content may have grown by then (a stop adds the actions and the notice at once).
      // A view still at its very end moved up because its content shrank, not by the person.
      const top = el.scrollTop;
      if (top < lastTop.current && distanceFromBottom(el) > 1) {
        sticky.current = false;
        heldUntil.current = Date.now() + TIMINGS.userScrollHoldMs;
        clearTimeout(holdTimer);
        holdTimer = setTimeout(endHold, TIMINGS.userScrollHoldMs);
      } else if (
        distanceFromBottom(el) <= STICK_PX &&
        // Back down to the end, the person asks to follow again: at once, hold or not.
        (top > lastTop.current || Date.now() >= heldUntil.current)
      ) {
        sticky.current = true;
        heldUntil.current = -Infinity;
      }
      lastTop.current = top;
      clearTimeout(timer);
      timer = setTimeout(check, TIMINGS.scrollDebounceMs);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
      clearTimeout(holdTimer);
    };
  }, [scrollRef, check, follow]);

  return { showButton, scrollToBottom };
}
