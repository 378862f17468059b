import { useEffect, useRef, type RefObject } from 'react';
import { TIMINGS, UI_LIMITS } from '@chat/contract';

export interface LoadMore {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Changes when more content arrived (re-checks a view the content does not fill yet). */
  size: number;
}

/**
 * Loads the next page when `scrollRef` is scrolled to 97 % of its height, throttled, and
 * at once while the content does not fill the view.
 */
export function useLoadMore(scrollRef: RefObject<HTMLElement | null>, more: LoadMore): void {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, size } = more;
  const lastLoad = useRef(0);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || !hasNextPage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (isFetchingNextPage) return;
      if (el.scrollTop + el.clientHeight < el.scrollHeight * UI_LIMITS.pageLoadAt) return;
      const wait = lastLoad.current + TIMINGS.pageLoadThrottleMs - Date.now();
      if (wait > 0) {
        clearTimeout(timer);
        timer = setTimeout(check, wait);
        return;
      }
      lastLoad.current = Date.now();
      void fetchNextPage();
    };
    check();
    el.addEventListener('scroll', check, { passive: true });
    return () => {
      el.removeEventListener('scroll', check);
      clearTimeout(timer);
    };
  }, [scrollRef, hasNextPage, isFetchingNextPage, fetchNextPage, size]);
}
