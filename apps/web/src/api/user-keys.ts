import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type KeyExpiryResponse } from '@chat/contract';
import { callApi } from './call';
import { queryKeys } from './keys';

/** The longest wait between two expiry checks (timers past ~24.8 days overflow anyway). */
const MAX_RECHECK_MS = 60 * 60_000;

/** A saved key counts only while its expiry is in the future. */
export function isKeyValid(expiresAt: string | null | undefined, now: number): boolean {
  if (!expiresAt) return false;
  const at = Date.parse(expiresAt);
  return Number.isFinite(at) && at > now;
}

/**
 * When to ask the server again: just after the key expires (so the configure-key button comes
 * back), at most an hour from now. Nothing to ask when there is no key, or when the answer was
 * given after the expiry already.
 */
export function recheckDelay(
  expiresAt: string | null | undefined,
  answeredAt: number,
  now: number,
): number | false {
  const at = expiresAt ? Date.parse(expiresAt) : NaN;
  if (!Number.isFinite(at) || answeredAt >= at) return false;
  return Math.min(Math.max(at - now + 1_000, 1), MAX_RECHECK_MS);
}

/** GET /api/keys?name=: the expiry of the person's own key for `endpoint` (only when it needs one). */
export function useKeyExpiry(endpoint: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.userKeys.one(endpoint ?? ''),
    queryFn: ({ signal }) => callApi(API_ROUTE_PATHS.keyExpiry, { query: { name: endpoint ?? '' }, signal }),
    enabled: enabled && !!endpoint,
    refetchInterval: (query) =>
      recheckDelay(query.state.data?.expiresAt, query.state.dataUpdatedAt, Date.now()),
  });
}

export interface SaveKeyInput {
  endpoint: string;
  /** The key itself, or the JSON of the endpoint's key shape. */
  value: string;
  expiresAt: string;
}

/** PUT /api/keys; the endpoint's expiry in the cache becomes the saved one. */
export function useSaveUserKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ endpoint, value, expiresAt }: SaveKeyInput) =>
      callApi(API_ROUTE_PATHS.updateKey, { body: { name: endpoint, value, expiresAt } }),
    onSuccess: (saved, { endpoint }) => {
      qc.setQueryData<KeyExpiryResponse>(queryKeys.userKeys.one(endpoint), { expiresAt: saved.expiresAt });
    },
  });
}

/** DELETE /api/keys/:name; the endpoint has no key any more. */
export function useRevokeUserKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: string) => callApi(API_ROUTE_PATHS.deleteKey, { params: { name: endpoint } }),
    onSuccess: (_reply, endpoint) => {
      qc.setQueryData<KeyExpiryResponse>(queryKeys.userKeys.one(endpoint), { expiresAt: null });
    },
  });
}

/** DELETE /api/keys?all=true; no endpoint has a key any more. */
export function useRevokeAllUserKeys() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API_ROUTE_PATHS.deleteAllKeys, { query: { all: 'true' } }),
    onSuccess: () => {
      qc.setQueriesData<KeyExpiryResponse>({ queryKey: queryKeys.userKeys.all }, { expiresAt: null });
    },
  });
}
