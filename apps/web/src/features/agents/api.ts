import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  FILE_SEARCH_TOOL,
  type Agent,
  type AgentList,
  type ApiRoutes,
  type RouteBodyIn,
} from '@chat/contract';
import { callApi } from '../../api/call';
import { apiFetch, apiJson, toApiError } from '../../api/http';
import { queryKeys } from '../../api/keys';

export type CreateAgentBody = RouteBodyIn<ApiRoutes['createAgent']>;
export type UpdateAgentBody = RouteBodyIn<ApiRoutes['updateAgent']>;
export type ShareAgentBody = RouteBodyIn<ApiRoutes['shareAgent']>;

/** The agents the person may chat with: their own first, then those shared with them. */
export function useAgents(enabled = true) {
  return useQuery({
    queryKey: queryKeys.agents,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.listAgents, { signal }),
    select: (list: AgentList) => list.data,
    enabled,
  });
}

/** Puts one agent in the cached list: replaced where it is, else first (the newest own). */
function withAgent(list: AgentList | undefined, a: Agent): AgentList | undefined {
  if (!list) return list;
  const data = list.data.some((x) => x.id === a.id)
    ? list.data.map((x) => (x.id === a.id ? a : x))
    : [a, ...list.data];
  return { ...list, data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}

function withoutAgent(list: AgentList | undefined, id: string): AgentList | undefined {
  if (!list) return list;
  const data = list.data.filter((x) => x.id !== id);
  return { ...list, data, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}

export function useCreateAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgentBody) => callApi(API_ROUTE_PATHS.createAgent, { body }),
    onSuccess: (a) => qc.setQueryData<AgentList>(queryKeys.agents, (l) => withAgent(l, a)),
  });
}

export function useUpdateAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAgentBody }) =>
      callApi(API_ROUTE_PATHS.updateAgent, { params: { id }, body }),
    onSuccess: (a) => qc.setQueryData<AgentList>(queryKeys.agents, (l) => withAgent(l, a)),
  });
}

export function useShareAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShareAgentBody }) =>
      callApi(API_ROUTE_PATHS.shareAgent, { params: { id }, body }),
    onSuccess: (a) => qc.setQueryData<AgentList>(queryKeys.agents, (l) => withAgent(l, a)),
  });
}

export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(API_ROUTE_PATHS.deleteAgent, { params: { id } }),
    onSuccess: ({ id }) => qc.setQueryData<AgentList>(queryKeys.agents, (l) => withoutAgent(l, id)),
  });
}

/** POST /api/files/images/agents/:agent_id/avatar (multipart `file`): the agent with its new avatar. */
export function useAgentAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const route = API_ROUTE_PATHS.uploadAgentAvatar;
      const form = new FormData();
      form.append('file', file, file.name);
      return apiJson<Agent>(route.path.replace(':agent_id', encodeURIComponent(id)), {
        method: route.method,
        body: form,
      });
    },
    onSuccess: (a) => qc.setQueryData<AgentList>(queryKeys.agents, (l) => withAgent(l, a)),
  });
}

/** The caller's files (their names for the agent's documents). */
export function useOwnFiles(enabled: boolean) {
  return useQuery({
    queryKey: ['files', 'own'],
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.files, { signal }),
    enabled,
  });
}

/**
 * POST /api/files with `tool_resource=file_search` and `agent_id`: a document added to the owner's
 * agent for its file search; the agent is read again (its tool_resources changed).
 */
export function useAgentDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file_id', crypto.randomUUID());
      form.append('tool_resource', FILE_SEARCH_TOOL);
      form.append('agent_id', id);
      form.append('file', file, file.name);
      const res = await apiFetch(API_ROUTE_PATHS.uploadFile.path, { method: 'POST', body: form });
      if (!res.ok) throw await toApiError(res);
      return callApi(API_ROUTE_PATHS.getAgent, { params: { id } });
    },
    onSuccess: (a) => {
      qc.setQueryData<AgentList>(queryKeys.agents, (l) => withAgent(l, a));
      void qc.invalidateQueries({ queryKey: ['files', 'own'] });
    },
  });
}
