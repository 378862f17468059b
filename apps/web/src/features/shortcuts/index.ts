/**
 * Keyboard shortcuts (new chat, search, the message box, stop, copy the last reply, the sidebar)
 * and their help dialog, opened by Ctrl/⌘+/ or from the user menu.
 */
export { shortcutsSlots } from './slots';
export { ShortcutsHost } from './ShortcutsHost';
export { useShortcutAction } from './registry';
