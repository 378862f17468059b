import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from '../../api/call';
import { queryKeys } from '../../api/keys';

/** The MCP servers and their tools, asked for once the tools menu is shown. */
export function useMcpServers(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.mcpTools,
    queryFn: () => callApi(API_ROUTE_PATHS.mcpTools, {}),
    // A server started later lists its tools then: asked again when the menu is shown again.
    staleTime: 60_000,
    enabled,
  });
}
