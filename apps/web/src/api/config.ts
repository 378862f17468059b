import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type StartupConfig } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

function fetchStartupConfig(): Promise<StartupConfig> {
  return callApi(API_ROUTE_PATHS.config, {});
}

/** GET /api/config (public). Loaded once per session; no refetch on focus. */
export function useStartupConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: fetchStartupConfig,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
