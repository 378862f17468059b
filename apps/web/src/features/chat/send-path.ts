import { loadStreamSchemas } from '../../api/sse';
import { preloadable } from '../../components/preloadable';
import { preloadMarkdown } from '../markdown';
import type { MessageListProps } from './messages/MessageList';

/**
 * The messages (rows, actions, edit, branches, scrolling): an empty /c/new shows none. Loaded
 * with a saved conversation (beside its data) and ahead of the first send (preloadSendPath).
 */
export const MessageList = preloadable<MessageListProps>(() =>
  import('./messages/MessageList').then((m) => ({ default: m.MessageList })),
);

/**
 * What a send needs that the first paint of /c/new does not: the message list, Markdown and the
 * stream's schemas (with zod). Started when the person starts writing (types or taps the message
 * box), not when the box takes the focus by itself as the page opens: the page's first load stays
 * without them, and the first reply waits for none of them. Each loads once.
 */
export function preloadSendPath(): void {
  MessageList.preload();
  preloadMarkdown();
  loadStreamSchemas().catch(() => undefined);
}
