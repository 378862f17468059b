/** What other features may use of the chat feature. */
export { ancestry, childrenByParent, visiblePath } from './tree/tree';
export { modelLabel, replyAuthor } from './header/endpoint-menu';
export { copyText } from './markdown/useCopy';
export { ChatInput, PROMPT_INPUT_ID } from './input/ChatInput';
