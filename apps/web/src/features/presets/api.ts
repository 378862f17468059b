import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type Preset, type SavePresetRequest } from '@chat/contract';
import { callApi } from '../../api/call';
import { queryKeys } from '../../api/keys';
import { useAuth } from '../auth';
import { removePreset, upsertPreset } from './preset-cache';

/** GET /api/presets, for a signed-in person (loaded only when authenticated). */
export const presetsQuery = {
  queryKey: queryKeys.presets,
  queryFn: () => callApi(API_ROUTE_PATHS.presets, {}),
  staleTime: 60_000,
};

export function usePresets() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...presetsQuery, enabled: isAuthenticated });
}

/** The person's default preset, if any (it starts new chats). */
export function useDefaultPreset(enabled: boolean): Preset | undefined {
  const presets = usePresets();
  return enabled ? presets.data?.find((p) => p.defaultPreset) : undefined;
}

/** POST /api/presets: create (no presetId, or null) or update; the list keeps one default. */
export function useSavePreset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePresetRequest) => callApi(API_ROUTE_PATHS.savePreset, { body }),
    onSuccess: (saved) => qc.setQueryData<Preset[]>(queryKeys.presets, (list) => upsertPreset(list, saved)),
  });
}

/**
 * POST /api/presets/delete: one preset (presetId) or all (null). Removed from the list at once;
 * on an error the list is fetched again.
 */
export function useDeletePresets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (presetId: string | null) =>
      callApi(API_ROUTE_PATHS.deletePresets, { body: presetId ? { presetId } : {} }),
    onMutate: async (presetId) => {
      await qc.cancelQueries({ queryKey: queryKeys.presets });
      qc.setQueryData<Preset[]>(queryKeys.presets, (list) => removePreset(list, presetId));
    },
    onError: () => qc.invalidateQueries({ queryKey: queryKeys.presets }),
  });
}
