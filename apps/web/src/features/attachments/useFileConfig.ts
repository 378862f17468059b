import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS, endpointFileConfig, type EndpointFileConfig } from '@chat/contract';
import { callApi } from '../../api/call';
import { queryKeys } from '../../api/keys';

/** The upload limits of an endpoint (GET /api/files/config); disabled: no attachments there. */
export function useFileConfig(endpoint: string | null | undefined): EndpointFileConfig | undefined {
  const query = useQuery({
    queryKey: queryKeys.fileConfig,
    queryFn: () => callApi(API_ROUTE_PATHS.fileConfig, {}),
    staleTime: Infinity,
  });
  return query.data ? endpointFileConfig(query.data, endpoint) : undefined;
}
