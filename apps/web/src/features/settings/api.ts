import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  type ApiRoutes,
  type RouteReply,
  type UpdateUserRequest,
  type User,
} from '@chat/contract';
import { callApi } from '../../api/call';
import { apiJson } from '../../api/http';
import { queryKeys } from '../../api/keys';
import { avatarForm } from './avatar';
import { deleteBody } from './delete-wizard';

/** POST /api/convos/clear without an id: every conversation of the person goes. */
export function useClearAllConvos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API_ROUTE_PATHS.clearConvos, { body: { arg: { source: 'settings' } } }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: ['messages'] });
      qc.removeQueries({ queryKey: queryKeys.search.all });
      void qc.invalidateQueries({ queryKey: queryKeys.convos.all });
    },
  });
}

/** DELETE /api/user with the wizard's reason. */
export function deleteAccount(reason: string): Promise<unknown> {
  return callApi(API_ROUTE_PATHS.deleteUser, { body: deleteBody(reason) });
}

/** POST /api/files/images/avatar (multipart `input` + `manual`); the new avatar's URL. */
export async function uploadAvatar(file: File): Promise<string> {
  const route = API_ROUTE_PATHS.uploadAvatar;
  const { url } = await apiJson<RouteReply<ApiRoutes['uploadAvatar']>>(route.path, {
    method: route.method,
    body: avatarForm(file, file.name),
  });
  return url;
}

/** PUT /api/user: the caller's name and username; the user as saved. */
export function updateProfile(body: UpdateUserRequest): Promise<User> {
  return callApi(API_ROUTE_PATHS.updateUser, { body });
}
