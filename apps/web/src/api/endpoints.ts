import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

/** The endpoints and models configuration is cached and never stale. */
export const endpointsQuery = {
  queryKey: queryKeys.endpoints,
  queryFn: () => callApi(API_ROUTE_PATHS.endpoints, {}),
  staleTime: Infinity,
};

export const modelsQuery = {
  queryKey: queryKeys.models,
  queryFn: () => callApi(API_ROUTE_PATHS.models, {}),
  staleTime: Infinity,
};

export function useEndpoints() {
  return useQuery(endpointsQuery);
}

export function useModels() {
  return useQuery(modelsQuery);
}
