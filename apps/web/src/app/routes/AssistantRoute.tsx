import { useParams } from 'react-router';
import { NEW_CONVO } from '@chat/contract';
import { ChatView } from '../../features/chat/ChatView';

/**
 * /a/:conversationId — the assistants' chat view: the chat view with an assistant panel;
 * 'new' is an empty conversation that follows to /a/<id> once saved.
 */
export default function AssistantRoute() {
  const { conversationId = NEW_CONVO } = useParams();
  // Not keyed by the id, as /c/: /a/new → /a/<id> keeps the view and its stream.
  return <ChatView routeId={conversationId} assistantView />;
}
