import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

/** The endpoints and models configuration is cached and never stale (spec §7 Config). */
export function useEndpoints() {
  return useQuery({
    queryKey: queryKeys.endpoints,
    queryFn: () => callApi(API_ROUTE_PATHS.endpoints, {}),
    staleTime: Infinity,
  });
}

export function useModels() {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: () => callApi(API_ROUTE_PATHS.models, {}),
    staleTime: Infinity,
  });
}
