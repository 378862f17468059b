import { useSendGuard } from '../send-guard';
import { ChatInput, type ChatInputProps } from './ChatInput';

/**
 * The chat view's input: a message goes through the guard a feature set for the screen (billing's
 * subscription check) when there is one, else straight to `send`.
 */
export function GuardedChatInput({
  send,
  ...props
}: Omit<ChatInputProps, 'onSend'> & { send: ChatInputProps['onSend'] }) {
  const guard = useSendGuard();
  return <ChatInput {...props} onSend={guard ?? send} />;
}
