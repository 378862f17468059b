import { useMutation, useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type User, type UserPluginRequest } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

/** The plugins the server runs; asked for only where they are used. */
export function usePlugins(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.plugins,
    queryFn: () => callApi(API_ROUTE_PATHS.plugins, {}),
    staleTime: Infinity,
    enabled,
  });
}

/**
 * POST /api/user/plugins: install a plugin with its credentials, or
 * uninstall it. The server answers the user with its plugins; `onUser` takes that user in.
 */
export function useUpdateUserPlugin(onUser: (user: User) => void) {
  return useMutation({
    mutationFn: (body: UserPluginRequest) => callApi(API_ROUTE_PATHS.userPlugins, { body }),
    onSuccess: (user) => onUser(user),
  });
}
