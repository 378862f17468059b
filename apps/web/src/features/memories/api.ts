import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  type CreateMemoryBody,
  type MemoriesList,
  type MemoryStartup,
  type UpdateMemoryBody,
} from '@chat/contract';
import { callApi } from '../../api/call';
import { useStartupConfig } from '../../api/config';

/** The cache key of GET /api/memories (only this feature reads it). */
const MEMORIES_KEY = ['memories'] as const;

/** librechat.yaml's memory as /api/config tells it; undefined while memory is off. */
export function useMemoryConfig(): MemoryStartup | undefined {
  return useStartupConfig().data?.memory;
}

/** The person's memories, newest first, with the usage against the token limit and their preference. */
export function useMemories() {
  return useQuery({
    queryKey: MEMORIES_KEY,
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.memories, { signal }),
  });
}

/** After any change: the list and its usage again (token counts are the server's). */
const refresh = (qc: QueryClient) => void qc.invalidateQueries({ queryKey: MEMORIES_KEY });

export function useCreateMemory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMemoryBody) => callApi(API_ROUTE_PATHS.createMemory, { body }),
    onSuccess: () => refresh(qc),
  });
}

export function useUpdateMemory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ from, body }: { from: string; body: UpdateMemoryBody }) =>
      callApi(API_ROUTE_PATHS.updateMemory, { params: { key: from }, body }),
    onSuccess: () => refresh(qc),
  });
}

export function useDeleteMemory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => callApi(API_ROUTE_PATHS.deleteMemory, { params: { key } }),
    onSuccess: (_done, key) => {
      qc.setQueryData<MemoriesList>(MEMORIES_KEY, (list) =>
        list ? { ...list, memories: list.memories.filter((m) => m.key !== key) } : list,
      );
      refresh(qc);
    },
  });
}

/** "Use memories": shown switched at once, put back when the server refuses. */
export function useMemoryPreference() {
  const qc = useQueryClient();
  const set = (memories: boolean) =>
    qc.setQueryData<MemoriesList>(MEMORIES_KEY, (list) =>
      list ? { ...list, personalization: { memories } } : list,
    );
  return useMutation({
    mutationFn: (memories: boolean) => callApi(API_ROUTE_PATHS.memoryPreferences, { body: { memories } }),
    onMutate: (memories) => set(memories),
    onError: (_err, memories) => set(!memories),
    onSuccess: (answer) => set(answer.preferences.memories),
  });
}
