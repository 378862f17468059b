import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  ASSISTANT_LIMITS,
  type Assistant,
  type ApiRoutes,
  type AssistantList,
  type RouteBodyIn,
} from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

type CreateBody = RouteBodyIn<ApiRoutes['createAssistant']>;
type UpdateBody = RouteBodyIn<ApiRoutes['updateAssistant']>;

/** The person's assistants, oldest first: one page of the largest size. */
export function useAssistants(enabled = true) {
  return useQuery({
    queryKey: queryKeys.assistants,
    queryFn: () =>
      callApi(API_ROUTE_PATHS.listAssistants, { query: { limit: ASSISTANT_LIMITS.listMaxLimit } }),
    select: (list: AssistantList) => list.data,
    enabled,
  });
}

/** Puts one assistant in the cached list: replaced where it is, else added last (ascending). */
function withAssistant(list: AssistantList | undefined, a: Assistant): AssistantList | undefined {
  if (!list) return list;
  const data = list.data.some((x) => x.id === a.id)
    ? list.data.map((x) => (x.id === a.id ? a : x))
    : [...list.data, a];
  return { ...list, data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}

/** Takes one assistant out of the cached list. */
function withoutAssistant(list: AssistantList | undefined, id: string): AssistantList | undefined {
  if (!list) return list;
  const data = list.data.filter((x) => x.id !== id);
  return { ...list, data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}

export function useCreateAssistant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBody) => callApi(API_ROUTE_PATHS.createAssistant, { body }),
    onSuccess: (a) => qc.setQueryData<AssistantList>(queryKeys.assistants, (l) => withAssistant(l, a)),
  });
}

export function useUpdateAssistant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateBody }) =>
      callApi(API_ROUTE_PATHS.updateAssistant, { params: { id }, body }),
    onSuccess: (a) => qc.setQueryData<AssistantList>(queryKeys.assistants, (l) => withAssistant(l, a)),
  });
}

export function useDeleteAssistant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(API_ROUTE_PATHS.deleteAssistant, { params: { id } }),
    onSuccess: ({ id }) =>
      qc.setQueryData<AssistantList>(queryKeys.assistants, (l) => withoutAssistant(l, id)),
  });
}
