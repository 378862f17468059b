/** What other features may use of the chat feature. */
export { modelLabel, replyAuthor } from './header/endpoint-menu';
export { copyText } from './markdown/useCopy';
export { ChatInput, PROMPT_INPUT_ID } from './input/ChatInput';
// The chat's Markdown (loaded as its own chunk on first use), for replies shown outside the chat.
export { LazyMarkdown } from './markdown/LazyMarkdown';
// A reply shown outside the chat's rows (compare's second column): its icon and error text.
export { EndpointIcon, endpointTypeFor } from './header/EndpointIcon';
export { errorTextFor } from './messages/error-text';
