/** Shared links: the chat header's Share button and its dialog (loaded on first open). */
export { shareSlots } from './slots';
