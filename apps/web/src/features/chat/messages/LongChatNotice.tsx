import { useTranslation } from '../../../hooks/useTranslation';

/**
 * Below the newest message while the model no longer sees the whole conversation (older messages
 * were left out or summarized to fit its context): the answers may get worse, a new chat helps.
 */
export function LongChatNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      data-testid="long-chat-notice"
      className="mx-auto mt-2 w-full max-w-3xl px-4 text-center text-xs text-text-secondary sm:px-6"
    >
      {t('com_chat_long_chat')}
    </p>
  );
}
