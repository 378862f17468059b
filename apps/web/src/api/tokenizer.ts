import { useEffect, useState } from 'react';
import { API_ROUTE_PATHS, BING_DEFAULTS } from '@chat/contract';
import { callApi } from './call';

/**
 * The token count of `text` from POST /api/tokenizer, asked `BING_DEFAULTS.tokenCountDebounceMs`
 * after the last change (250 ms); null while unknown (empty text, request pending
 * or failed). A newer text cancels the older request.
 */
export function useTokenCount(text: string, delayMs: number = BING_DEFAULTS.tokenCountDebounceMs) {
  const [count, setCount] = useState<{ text: string; count: number } | null>(null);
  useEffect(() => {
    if (!text.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi(API_ROUTE_PATHS.tokenizer, { body: { arg: text }, signal: controller.signal }).then(
        (r) => setCount({ text, count: r.count }),
        () => {},
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, delayMs]);
  return text.trim() && count?.text === text ? count.count : null;
}
