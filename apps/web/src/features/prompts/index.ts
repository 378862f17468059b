/** The prompt library: the message box's `/` list, the variables form, and the library opened from the sidebar. */
export { promptsSlots } from './slots';
