import { useQuery } from '@tanstack/react-query';
import type { EndpointsConfig, ModelsConfig } from '@chat/contract';
import { apiJson } from './http';
import { queryKeys } from './keys';

/** The endpoints and models configuration is cached and never stale (spec §7 Config). */
export function useEndpoints() {
  return useQuery({
    queryKey: queryKeys.endpoints,
    queryFn: () => apiJson<EndpointsConfig>('/api/endpoints'),
    staleTime: Infinity,
  });
}

export function useModels() {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: () => apiJson<ModelsConfig>('/api/models'),
    staleTime: Infinity,
  });
}
