import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  type ApiRoutes,
  type BlogPost,
  type BlogPostInput,
  type RouteReply,
} from '@chat/contract';
import { callApi } from '../../api/call';
import { ApiError, apiJson } from '../../api/http';
import { useAuth } from '../auth';
import { blogKeys } from './api';

/** Query keys of the blog management. */
const manageKeys = {
  me: ['blog', 'me'] as const,
  all: ['blog', 'manage', 'all'] as const,
  one: (id: string) => ['blog', 'manage', 'one', id] as const,
};

/** GET /api/me: the caller's role, once signed in (the login check before the lists). */
export function useMe() {
  const { status, user } = useAuth();
  return useQuery({
    queryKey: [...manageKeys.me, user?.id ?? ''],
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.me, { signal }),
    enabled: status === 'authenticated',
    retry: 1,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/blog/manage/all (1 retry); only asked for by a WRITER or ADMIN. */
export function useManagedPosts(enabled: boolean) {
  return useQuery({
    queryKey: manageKeys.all,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.blogManageAll, { signal }),
    enabled,
    retry: 1,
  });
}

/** GET /api/blog/manage/:id: one post to edit; a 403 or 404 is an answer (not retried). */
export function useManagedPost(id: string | null) {
  return useQuery({
    queryKey: manageKeys.one(id ?? ''),
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.blogManageOne, { params: { id: id! }, signal }),
    enabled: id !== null,
    retry: (count, err) =>
      !(err instanceof ApiError && (err.status === 403 || err.status === 404)) && count < 2,
    refetchOnWindowFocus: false,
  });
}

/** After a write, the management list and the public pages are asked again. */
function forgetLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: manageKeys.all }),
    queryClient.invalidateQueries({ queryKey: blogKeys.list }),
    queryClient.invalidateQueries({ queryKey: ['blog', 'post'] }),
  ]).then(() => undefined);
}

/** POST /api/blog or PUT /api/blog/:id; the post as saved. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return async (id: string | null, body: BlogPostInput): Promise<BlogPost> => {
    const saved = id
      ? await callApi(API_ROUTE_PATHS.updateBlogPost, { params: { id }, body })
      : await callApi(API_ROUTE_PATHS.createBlogPost, { body });
    queryClient.setQueryData(manageKeys.one(saved._id), saved);
    await forgetLists(queryClient);
    return saved;
  };
}

/** DELETE /api/blog/:id. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return async (id: string): Promise<void> => {
    await callApi(API_ROUTE_PATHS.deleteBlogPost, { params: { id } });
    queryClient.setQueryData<BlogPost[]>(manageKeys.all, (list) => list?.filter((p) => p._id !== id));
    await forgetLists(queryClient);
  };
}

/** POST /api/blog/images (multipart `file`): the public URL of the stored featured image. */
export async function uploadBlogImage(file: File): Promise<string> {
  const route = API_ROUTE_PATHS.uploadBlogImage;
  const form = new FormData();
  form.append('file', file, file.name);
  const { url } = await apiJson<RouteReply<ApiRoutes['uploadBlogImage']>>(route.path, {
    method: route.method,
    body: form,
  });
  return url;
}
