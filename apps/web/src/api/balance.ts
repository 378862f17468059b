import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from './call';
import { useStartupConfig } from './config';
import { queryKeys } from './keys';

/**
 * GET /api/balance: only when the server checks balances; refetched on focus,
 * reconnect and mount, and after every reply (the stream invalidates it).
 */
export function useBalance(enabled: boolean) {
  const config = useStartupConfig();
  return useQuery({
    queryKey: queryKeys.balance,
    queryFn: () => callApi(API_ROUTE_PATHS.balance, {}),
    enabled: enabled && config.data?.checkBalance === true,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchOnMount: true,
  });
}
