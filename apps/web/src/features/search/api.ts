import type { SearchPage } from '@chat/contract';
import { apiJson } from '../../api/http';

/** GET /api/search?q=&pageNumber= (hits newest first). */
export function fetchSearchPage(
  query: string,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const q = encodeURIComponent(query);
  return apiJson<SearchPage>(`/api/search?q=${q}&pageNumber=${pageNumber}`, { signal });
}

/** Next page to load, or undefined after the last (spec §4: while pageNumber < pages). */
export function nextSearchPage(last: SearchPage): number | undefined {
  return last.pageNumber < last.pages ? last.pageNumber + 1 : undefined;
}

/** GET /api/search/enable: whether the server offers search (always, in this build). */
export function fetchSearchEnabled(): Promise<boolean> {
  return apiJson<boolean>('/api/search/enable');
}
