import { API_ROUTE_PATHS, type SearchPage } from '@chat/contract';
import { callApi } from '../../api/call';

/** GET /api/search?q=&pageNumber= (hits newest first). */
export function fetchSearchPage(
  query: string,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  return callApi(API_ROUTE_PATHS.search, { query: { q: query, pageNumber }, signal });
}

/** Next page to load, or undefined after the last (while pageNumber < pages). */
export function nextSearchPage(last: SearchPage): number | undefined {
  return last.pageNumber < last.pages ? last.pageNumber + 1 : undefined;
}

/** GET /api/search/enable: whether the server offers search (always, in this build). */
export function fetchSearchEnabled(): Promise<boolean> {
  return callApi(API_ROUTE_PATHS.searchEnabled, {});
}
