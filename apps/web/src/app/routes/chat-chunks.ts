import { preloadable } from '../../components/preloadable';

/**
 * The signed-in app, none of it in the first bundle, so the public site (landing, FAQ) loads
 * without it: the chat layout and views (chat-shell.ts). The shell starts loading them at once on
 * a chat address (app/router.tsx), and `/` as soon as it knows the person is signed in
 * (HomeRoute.tsx).
 */
export const loadChatShell = () => import('./chat-shell');

export const ChatLayout = preloadable(async () => ({ default: (await loadChatShell()).ChatLayout }));
export const ChatRoute = preloadable(async () => ({ default: (await loadChatShell()).ChatRoute }));
export const AssistantRoute = preloadable(async () => ({
  default: await (await loadChatShell()).loadAssistantRoute(),
}));

/** The layout and the chat view (what /c/new needs). */
export function preloadChat(): void {
  ChatLayout.preload();
  ChatRoute.preload();
}
