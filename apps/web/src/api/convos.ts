import { API_ROUTE_PATHS, type ConvosPage } from '@chat/contract';
import { callApi } from './call';

/** GET /api/convos?pageNumber=N (newest first); with tags, those carrying any of them. */
export function fetchConvosPage(
  pageNumber: number,
  signal?: AbortSignal,
  tags: readonly string[] = [],
): Promise<ConvosPage> {
  return callApi(API_ROUTE_PATHS.convosPage, {
    query: tags.length > 0 ? { pageNumber, tags: [...tags] } : { pageNumber },
    signal,
  });
}

/** Next page to load, or undefined when the last one is loaded (while pageNumber < pages). */
export function nextConvosPage(last: ConvosPage): number | undefined {
  return last.pageNumber < last.pages ? last.pageNumber + 1 : undefined;
}

export function renameConvo(conversationId: string, title: string): Promise<unknown> {
  return callApi(API_ROUTE_PATHS.renameConvo, { body: { arg: { conversationId, title } } });
}

export function deleteConvo(conversationId: string): Promise<unknown> {
  return callApi(API_ROUTE_PATHS.clearConvos, { body: { arg: { conversationId, source: 'button' } } });
}
