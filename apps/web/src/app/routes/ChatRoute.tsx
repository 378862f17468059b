import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { NEW_CONVO, SEARCH_CONVO } from '@chat/contract';
import { ChatView } from '../../features/chat/ChatView';
import { lastSearchQuery } from '../../features/search/last-query';
import { preloadable } from '../../components/preloadable';
import { Spinner } from '../../components/ui/Spinner';

// The search view loads when first shown (the sidebar's box starts it as soon as it is focused):
// /c/new's first paint does not need it.
const SearchView = preloadable<{ query: string }>(() =>
  import('../../features/search/SearchView').then((m) => ({ default: m.SearchView })),
);

// For the shell, to start Markdown and the message list early on a saved conversation (in this
// chunk, not one of its own).
export { preloadConversationView } from '../../features/chat/ChatView';

/**
 * /c/:conversationId — 'new' is an empty, unsaved conversation; /search/:query and /c/search are
 * the search view. A route of the shell: it picks the feature the URL names.
 */
export default function ChatRoute() {
  const { conversationId = NEW_CONVO, query } = useParams();
  if (query !== undefined) {
    return (
      <Suspense
        fallback={
          <div className="flex flex-1 items-center justify-center">
            <Spinner />
          </div>
        }
      >
        <SearchView query={query} />
      </Suspense>
    );
  }
  if (conversationId === SEARCH_CONVO) {
    const last = lastSearchQuery();
    return <Navigate to={last ? `/search/${encodeURIComponent(last)}` : `/c/${NEW_CONVO}`} replace />;
  }
  // Not keyed by the id: /c/new → /c/<id> after `created` must keep the view (and its stream).
  return <ChatView routeId={conversationId} />;
}
