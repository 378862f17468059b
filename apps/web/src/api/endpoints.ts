import { useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

/** The endpoints and models configuration is cached and never stale (spec §7 Config). */
export function useEndpoints() {
  return useQuery({
    queryKey: queryKeys.endpoints,
    queryFn: () => callApi(API_ROUTES.endpoints, {}),
    staleTime: Infinity,
  });
}

export function useModels() {
  return useQuery({
    queryKey: queryKeys.models,
    queryFn: () => callApi(API_ROUTES.models, {}),
    staleTime: Infinity,
  });
}
