import type { ConvosPage } from '@chat/contract';
import { apiJson } from './http';

/** GET /api/convos?pageNumber=N (newest first). */
export function fetchConvosPage(pageNumber: number, signal?: AbortSignal): Promise<ConvosPage> {
  return apiJson<ConvosPage>(`/api/convos?pageNumber=${pageNumber}`, { signal });
}

/** Next page to load, or undefined when the last one is loaded (spec §4: while pageNumber < pages). */
export function nextConvosPage(last: ConvosPage): number | undefined {
  return last.pageNumber < last.pages ? last.pageNumber + 1 : undefined;
}

export function renameConvo(conversationId: string, title: string): Promise<unknown> {
  return apiJson('/api/convos/update', { method: 'POST', json: { arg: { conversationId, title } } });
}

export function deleteConvo(conversationId: string): Promise<unknown> {
  return apiJson('/api/convos/clear', {
    method: 'POST',
    json: { arg: { conversationId, source: 'button' } },
  });
}
