import { lazy } from 'react';

/** What other features may use of billing: the chat's send check, its dialogs, the settings row. */
export { useSubscriptionGate, type SubscriptionGate } from './useSubscriptionGate';
export type { SubscriptionDialogsProps } from './SubscriptionDialogs';
export { SubscriptionEditButton, useSubscriptionSummary } from './SubscriptionSetting';

/** The plan chooser or Update Payment Method: their own chunk, loaded when one opens. */
export const SubscriptionDialogs = lazy(() => import('./SubscriptionDialogs'));
