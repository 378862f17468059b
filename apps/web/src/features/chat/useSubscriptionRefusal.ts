import { useEffect } from 'react';
import type { StreamError } from './stream/machine';

/** Refusals already answered (a view shown again does not reopen the dialog for an old one). */
const handled = new WeakSet<StreamError>();

/**
 * A send the server refused with 402 (subscription_required, subscription_past_due) opens the
 * dialog its code names, once per refusal: the client's own check is only for display.
 */
export function useSubscriptionRefusal(error: StreamError | null, open: (code: string) => void): void {
  useEffect(() => {
    if (!error || handled.has(error)) return;
    if (error.code !== 'subscription_required' && error.code !== 'subscription_past_due') return;
    handled.add(error);
    open(error.code);
  }, [error, open]);
}
