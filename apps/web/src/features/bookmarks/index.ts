/** Bookmarks (conversation tags): the header's menu, the sidebar's filter and their management in Settings. */
export { bookmarksSlots } from './slots';
