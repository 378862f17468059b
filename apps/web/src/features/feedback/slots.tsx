import { lazy } from 'react';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';

/** The buttons, their popover and requests load with the first reply shown. */
const FeedbackButtons = lazy(() => import('./FeedbackButtons'));

/** What feedback adds: thumbs up and down on each saved reply's actions. */
export const feedbackSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.message.actions', { id: 'feedback', component: FeedbackButtons }),
];
