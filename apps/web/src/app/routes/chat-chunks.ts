import { preloadable } from '../../components/preloadable';

/**
 * The signed-in app's chunks: the chat layout (sidebar), the chat and the assistants views. None
 * is in the first bundle, so the public site (landing, FAQ) loads without them; the shell starts
 * loading them at once on a chat address (app/router.tsx), and `/` as soon as it knows the person
 * is signed in (features/site/HomeRoute.tsx).
 */
export const ChatLayout = preloadable(async () => ({
  default: (await import('../layouts/ChatLayout')).ChatLayout,
}));
export const ChatRoute = preloadable(() => import('./ChatRoute'));
export const AssistantRoute = preloadable(() => import('./AssistantRoute'));

/** The layout and the chat view (what /c/new needs). */
export function preloadChat(): void {
  ChatLayout.preload();
  ChatRoute.preload();
}
