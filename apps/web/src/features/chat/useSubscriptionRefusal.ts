import { useEffect } from 'react';
import type { StreamError } from './stream/machine';

/** The 402 codes with a dialog (the free tier's opens Trial Ended). */
const REFUSALS = new Set(['subscription_required', 'subscription_past_due', 'free_tier_exhausted']);

/** Refusals already answered (a view shown again does not reopen the dialog for an old one). */
const handled = new WeakSet<StreamError>();

/**
 * A send the server refused with 402 (subscription_required, subscription_past_due) opens the
 * dialog its code names, once per refusal: the client's own check is only for display.
 */
export function useSubscriptionRefusal(error: StreamError | null, open: (code: string) => void): void {
  useEffect(() => {
    if (!error || handled.has(error)) return;
    if (!error.code || !REFUSALS.has(error.code)) return;
    handled.add(error);
    open(error.code);
  }, [error, open]);
}
