import { useQuery } from '@tanstack/react-query';
import type { StartupConfig } from '@chat/contract';
import { apiJson } from './http';
import { queryKeys } from './keys';

export function fetchStartupConfig(): Promise<StartupConfig> {
  return apiJson<StartupConfig>('/api/config');
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
