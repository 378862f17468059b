/**
 * What other features may use of search: its data hooks. The view is loaded with the chat
 * route (app/routes/ChatRoute.tsx), so it is not re-exported here: the sidebar imports this
 * entry, and whatever it re-exports lands in the first bundle.
 */
export { useSearch, useSearchEnabled } from './useSearch';
