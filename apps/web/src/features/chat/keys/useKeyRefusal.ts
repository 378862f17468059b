import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import type { StreamError } from '../stream/machine';

/** Refusals already answered (a view shown again does not reopen the dialog for an old one). */
const handled = new WeakSet<StreamError>();

/**
 * A send the server refused with `no_user_key` (no key, or it expired meanwhile) opens the key
 * dialog of the endpoint, once per refusal, and has the key's expiry asked again.
 */
export function useKeyRefusal(
  error: StreamError | null,
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
