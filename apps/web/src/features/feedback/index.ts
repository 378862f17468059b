/** Thumbs up or down on a reply, with a reason after a thumbs down: the message actions' buttons. */
export { feedbackSlots } from './slots';
