import { lazy } from 'react';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';

/** The popover and its request load when a conversation's messages first show. */
const ForkButton = lazy(() => import('./ForkButton'));
const DuplicateButton = lazy(() => import('./DuplicateButton'));

/** What forking adds: Fork on each saved message's actions, Duplicate on each sidebar conversation. */
export const forkSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.message.actions', { id: 'fork', component: ForkButton }),
  fill('sidebar.convo.actions', { id: 'duplicate', component: DuplicateButton }),
];
