/** What assistants add to the chat screen's /a/ view: its header and the assistant panel. */
export { assistantsSlots } from './slots';
