/** What other features may use of the chat feature. */
export { modelLabel, replyAuthor } from './header/endpoint-menu';
export { ChatInput, PROMPT_INPUT_ID } from './input/ChatInput';
// A reply shown outside the chat's rows (compare's second column): its icon and error text.
export { EndpointIcon, endpointTypeFor } from './header/EndpointIcon';
export { errorTextFor } from './messages/error-text';
