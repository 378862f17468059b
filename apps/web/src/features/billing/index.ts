import { lazy } from 'react';

/** What other features may use of billing: the chat's send check, its dialogs, the settings row. */
export { useSubscriptionGate, type SubscriptionGate } from './useSubscriptionGate';
export type { SubscriptionDialogsProps } from './SubscriptionDialogs';
export { FreeTierNotice } from './FreeTierNotice';

// Each in its own chunk: /c/new's first paint carries only the send check.
/** The plan chooser or Update Payment Method, loaded when one opens. */
export const SubscriptionDialogs = lazy(() => import('./SubscriptionDialogs'));
/** Settings' My Subscription: the status and renewal or end date. */
export const SubscriptionStatusText = lazy(() =>
  import('./SubscriptionSetting').then((m) => ({ default: m.SubscriptionStatusText })),
);
/** Settings' My Subscription → Edit: the billing portal, or the notice that there is none. */
export const SubscriptionEditButton = lazy(() =>
  import('./SubscriptionSetting').then((m) => ({ default: m.SubscriptionEditButton })),
);
