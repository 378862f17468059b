/**
 * What billing adds to the other features' slots: the chat screen's send check, its dialogs and
 * the free-tier notice; Settings' My Subscription.
 */
export { billingSlots } from './slots';
