import { useEffect } from 'react';

/** The 402 codes with a dialog (the free tier's opens Trial Ended). */
const REFUSALS = new Set(['subscription_required', 'subscription_past_due', 'free_tier_exhausted']);

/** A send's failure as the chat's stream tells it. */
interface Refusal {
  code?: string;
}

/** Refusals already answered (a view shown again does not reopen the dialog for an old one). */
const handled = new WeakSet<Refusal>();

/**
 * A send the server refused with 402 (subscription_required, subscription_past_due) opens the
 * dialog its code names, once per refusal: the client's own check is only for display.
 */
export function useSubscriptionRefusal(error: Refusal | null, open: (code: string) => void): void {
  useEffect(() => {
    if (!error || handled.has(error)) return;
    if (!error.code || !REFUSALS.has(error.code)) return;
    handled.add(error);
    open(error.code);
  }, [error, open]);
}
