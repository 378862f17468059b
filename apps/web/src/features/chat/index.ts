/** What other features may use of the chat feature. */
export { ChatInput, PROMPT_INPUT_ID } from './input/ChatInput';
// A reply shown outside the chat's rows (compare's second column): its error text.
export { errorTextFor } from './messages/error-text';
// What a feature adds to the chat's setup: an endpoint of its own, an option of the conversation.
export {
  ChatExtensionsProvider,
  conversationOption,
  createChatExtensions,
  type ChatExtension,
  type MenuData,
} from './extensions';
export { optionValue } from './header/useChatSetup';
