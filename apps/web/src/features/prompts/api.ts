import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  promptsPolicy,
  type CreatePromptBody,
  type PromptExport,
  type PromptGroupsQuery,
  type UpdatePromptGroupBody,
} from '@chat/contract';
import { callApi } from '../../api/call';
import { useStartupConfig } from '../../api/config';

/** What the operator's `interface.prompts` lets people do (absent: everything). */
export function usePromptsPolicy() {
  return promptsPolicy(useStartupConfig().data?.interface?.prompts);
}

/** The prompt library is on unless the operator's interface turns it off. */
export const usePromptsShown = (): boolean => usePromptsPolicy().use;

/** The feature's query keys, all under one prefix so a change refreshes every list at once. */
const keys = {
  all: ['prompts'] as const,
  /** GET /api/prompts/all: every group the person sees, with its production text. */
  everything: ['prompts', 'all'] as const,
  page: (q: PromptGroupsQuery) => ['prompts', 'groups', q] as const,
  group: (groupId: string) => ['prompts', 'group', groupId] as const,
  versions: (groupId: string) => ['prompts', 'versions', groupId] as const,
};

const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: keys.all });

/** Every group the person sees (the message box's `/` list); fetched once the list is wanted. */
export function useAllPromptGroups(enabled: boolean) {
  return useQuery({
    queryKey: keys.everything,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.allPromptGroups, { query: {}, signal }),
    enabled,
    staleTime: 30_000,
  });
}

/** A page of the groups the person sees, by name and category. */
export function usePromptGroupsPage(query: PromptGroupsQuery) {
  return useQuery({
    queryKey: keys.page(query),
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.promptGroups, { query, signal }),
    placeholderData: (previous) => previous,
  });
}

export function usePromptGroup(groupId: string) {
  return useQuery({
    queryKey: keys.group(groupId),
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.promptGroup, { params: { groupId }, signal }),
  });
}

/** A group's versions, newest first. */
export function usePromptVersions(groupId: string) {
  return useQuery({
    queryKey: keys.versions(groupId),
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.prompts, { query: { groupId }, signal }),
  });
}

/** A new group with its first version, or (with `prompt.groupId`) a new version. */
export function useCreatePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromptBody) => callApi(API_ROUTE_PATHS.createPrompt, { body }),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdatePromptGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: string; body: UpdatePromptGroupBody }) =>
      callApi(API_ROUTE_PATHS.updatePromptGroup, { params: { groupId }, body }),
    onSuccess: () => refresh(qc),
  });
}

export function useMakeProduction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (promptId: string) => callApi(API_ROUTE_PATHS.makePromptProduction, { params: { promptId } }),
    onSuccess: () => refresh(qc),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (promptId: string) =>
      callApi(API_ROUTE_PATHS.deletePrompt, { params: { promptId }, query: {} }),
    onSuccess: () => refresh(qc),
  });
}

export function useDeletePromptGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => callApi(API_ROUTE_PATHS.deletePromptGroup, { params: { groupId } }),
    onSuccess: () => refresh(qc),
  });
}

export function useImportPrompts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PromptExport) => callApi(API_ROUTE_PATHS.importPrompts, { body }),
    onSuccess: () => refresh(qc),
  });
}
