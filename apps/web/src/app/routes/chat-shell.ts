/**
 * The signed-in app's chunk: the chat layout (sidebar) and the chat route in one, so what they
 * share (dialogs, buttons, search, icons) is one chunk, not a dozen small ones; the chat view and
 * the assistants view load from here on (their shared code then is already there).
 */
export { ChatLayout } from '../layouts/ChatLayout';
export { default as ChatRoute, preloadConversationView } from './ChatRoute';

export const loadAssistantRoute = () => import('./AssistantRoute').then((m) => m.default);
