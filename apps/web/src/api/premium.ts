import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

/**
 * GET /api/premium: the person's premium uses left today. Asked only while it is worth showing (a
 * premium model chosen, or the model menu open), so a chat on standard models makes no extra call;
 * every reply refetches it (the stream invalidates it), as a use may have been taken.
 */
export function usePremiumStatus(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.premium,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.premiumStatus, { signal }),
    enabled,
    staleTime: 0,
  });
}
