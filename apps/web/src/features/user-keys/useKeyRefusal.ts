import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/keys';

/** A send's refusal, as the chat's stream reports it (its error code is what matters here). */
export interface Refusal {
  code: string;
}

/** Refusals already answered (a view shown again does not reopen the dialog for an old one). */
const handled = new WeakSet<Refusal>();

/**
 * A send the server refused with `no_user_key` (no key, or it expired meanwhile) opens the key
 * dialog of the endpoint, once per refusal, and has the key's expiry asked again.
 */
export function useKeyRefusal(
  error: Refusal | null,
  endpoint: string | null,
  open: (endpoint: string) => void,
): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!error || handled.has(error) || error.code !== 'no_user_key' || !endpoint) return;
    handled.add(error);
    void qc.invalidateQueries({ queryKey: queryKeys.userKeys.one(endpoint) });
    open(endpoint);
  }, [error, endpoint, open, qc]);
}
