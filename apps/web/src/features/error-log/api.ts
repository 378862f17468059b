import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS, ERROR_LOG_LIMITS, type ErrorRecord } from '@chat/contract';
import { callApi, requestOf } from '../../api/call';
import { apiFetch } from '../../api/http';

const errorLogKeys = {
  byCode: (code: string, skip: number) => ['admin', 'errors', code, skip] as const,
  recent: (skip: number) => ['admin', 'errors', 'recent', skip] as const,
};

/**
 * GET /api/admin/getRecentErrors?limit=20&skip=n: the newest records of any code, what the panel
 * shows before (and instead of) a search, so the operator sees which codes there are.
 */
export function useRecentErrors(skip: number, enabled: boolean) {
  return useQuery({
    queryKey: errorLogKeys.recent(skip),
    queryFn: async ({ signal }) => ({
      ...(await callApi(API_ROUTE_PATHS.getRecentErrors, {
        query: { limit: ERROR_LOG_LIMITS.pageSize, skip },
        signal,
      })),
      skip,
    }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/admin/getErrorsByCode/:code?limit=20&skip=n: a page, the total, its skip. */
export function useErrorsByCode(code: string | null, skip: number) {
  return useQuery({
    queryKey: errorLogKeys.byCode(code ?? '', skip),
    // The page says where it starts: while the next one loads, the previous one stays on screen.
    queryFn: async ({ signal }) => ({
      ...(await callApi(API_ROUTE_PATHS.getErrorsByCode, {
        params: { code: code! },
        query: { limit: ERROR_LOG_LIMITS.pageSize, skip },
        signal,
      })),
      skip,
    }),
    enabled: code !== null,
    placeholderData: keepPreviousData,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** What asking for one record's details gave: the record, or which of the panel's texts to show. */
export type ErrorDetailsResult =
  | { kind: 'ok'; record: ErrorRecord }
  /** A non-OK answer: the server's error text when it sent one. */
  | { kind: 'failed'; serverError: string | undefined }
  | { kind: 'network' };

/** GET /api/admin/getErrorById/:id, read by hand: a non-OK answer's own error text is shown. */
export async function fetchErrorDetails(id: string, signal?: AbortSignal): Promise<ErrorDetailsResult> {
  const { url, init } = requestOf(API_ROUTE_PATHS.getErrorById, { params: { id }, signal });
  let res: Response;
  try {
    res = await apiFetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return { kind: 'network' };
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: unknown; message?: unknown };
    const text = typeof body.error === 'string' ? body.error : body.message;
    return { kind: 'failed', serverError: typeof text === 'string' && text ? text : undefined };
  }
  return { kind: 'ok', record: (await res.json()) as ErrorRecord };
}
