import { useQuery } from '@tanstack/react-query';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';

/** Query keys of the public blog. */
export const blogKeys = {
  list: ['blog', 'list'] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
};

/** GET /api/blog: the Approved posts (2 retries; no refetch on window focus). */
export function useBlogPosts() {
  return useQuery({
    queryKey: blogKeys.list,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.blogPosts, { signal }),
    retry: 2,
    refetchOnWindowFocus: false,
  });
}

/** GET /api/blog/:slug: one Approved post; a 404 is an answer (not retried). */
export function useBlogPost(slug: string | undefined) {
  return useQuery({
    queryKey: blogKeys.post(slug ?? ''),
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.blogPost, { params: { slug: slug! }, signal }),
    enabled: !!slug,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
    refetchOnWindowFocus: false,
  });
}
