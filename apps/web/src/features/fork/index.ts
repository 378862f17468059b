/** Fork a conversation from a message, and duplicate one: the message actions' Fork, the sidebar's Duplicate. */
export { forkSlots } from './slots';
