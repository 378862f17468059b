import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type Action, type ApiRoutes, type RouteBodyIn } from '@chat/contract';
import { callApi } from '../../api/call';
import { queryKeys } from '../../api/keys';

export type SaveActionBody = RouteBodyIn<ApiRoutes['saveAction']>;

/** GET /api/agents/actions: the actions of the person's own agents (never their keys). */
const actionsKey = ['agentActions'] as const;

export function useActions() {
  return useQuery({
    queryKey: actionsKey,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.listActions, { signal }),
  });
}

const without = (list: Action[] | undefined, id: string) => list?.filter((a) => a.action_id !== id);

export function useSaveAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, body }: { agentId: string; body: SaveActionBody }) =>
      callApi(API_ROUTE_PATHS.saveAction, { params: { agent_id: agentId }, body }),
    onSuccess: ([, action]) => {
      qc.setQueryData<Action[]>(actionsKey, (l) => [...(without(l, action.action_id) ?? []), action]);
      // The agent's tools may have changed with it.
      void qc.invalidateQueries({ queryKey: queryKeys.agents });
    },
  });
}

export function useDeleteAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, actionId }: { agentId: string; actionId: string }) =>
      callApi(API_ROUTE_PATHS.deleteAction, { params: { agent_id: agentId, action_id: actionId } }),
    onSuccess: (_, { actionId }) => qc.setQueryData<Action[]>(actionsKey, (l) => without(l, actionId)),
  });
}
