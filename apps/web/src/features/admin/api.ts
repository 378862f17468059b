import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, ADMIN_LIMITS, type UpdateModelConfigRequest } from '@chat/contract';
import { callApi } from '../../api/call';

/** The panel's queries; none of them outside /admin. */
const adminKeys = {
  all: ['admin'] as const,
  banned: ['admin', 'banned'] as const,
  violations: ['admin', 'violations'] as const,
  activity: (skip: number) => ['admin', 'activity', skip] as const,
  audit: (skip: number) => ['admin', 'audit', skip] as const,
  history: (email: string) => ['admin', 'history', email] as const,
  modelConfig: (name: string) => ['admin', 'model-config', name] as const,
};

export const PAGE_SIZE = ADMIN_LIMITS.pageSizeDefault;

export const useBannedUsers = () =>
  useQuery({
    queryKey: adminKeys.banned,
    queryFn: () => callApi(API_ROUTE_PATHS.getBannedUsers, {}),
    retry: false,
  });

export const useTopViolations = () =>
  useQuery({
    queryKey: adminKeys.violations,
    queryFn: () => callApi(API_ROUTE_PATHS.getTopViolationsThisMonth, {}),
    retry: false,
  });

export const useUserActivity = (skip: number) =>
  useQuery({
    queryKey: adminKeys.activity(skip),
    queryFn: () => callApi(API_ROUTE_PATHS.getUserActivity, { query: { limit: PAGE_SIZE, skip } }),
    retry: false,
  });

export const useAuditLog = (skip: number) =>
  useQuery({
    queryKey: adminKeys.audit(skip),
    queryFn: () => callApi(API_ROUTE_PATHS.getAuditLog, { query: { limit: PAGE_SIZE, skip } }),
    retry: false,
  });

export const useSubscriptionHistory = (email: string) =>
  useQuery({
    queryKey: adminKeys.history(email),
    queryFn: () => callApi(API_ROUTE_PATHS.subscriptionHistory, { query: { email } }),
    enabled: email !== '',
    retry: false,
  });

export const useModelConfig = (name: string) =>
  useQuery({
    queryKey: adminKeys.modelConfig(name),
    queryFn: () => callApi(API_ROUTE_PATHS.modelConfig, { params: { name } }),
    enabled: name !== '',
    retry: false,
  });

/** After a change: the lists it touches (bans, the audit log) load again. */
function useRefetchAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useBanUser() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: (body: { email: string; duration: number; reason?: string }) =>
      callApi(API_ROUTE_PATHS.banUser, { body }),
    onSuccess: refetch,
  });
}

export function useUnbanUser() {
  const refetch = useRefetchAdmin();
  return useMutation({
    mutationFn: (email: string) => callApi(API_ROUTE_PATHS.unbanUser, { body: { email } }),
    onSuccess: refetch,
  });
}

export function useSaveModelConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, ...body }: UpdateModelConfigRequest & { name: string }) =>
      callApi(API_ROUTE_PATHS.updateModelConfig, { params: { name }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.modelConfig(saved.name), saved);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export const impersonate = (email: string) => callApi(API_ROUTE_PATHS.impersonate, { body: { email } });
