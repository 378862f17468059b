import { useEffect, type ReactNode } from 'react';
import { MessageCircleDashed } from 'lucide-react';
import clsx from 'clsx';
import {
  NEW_CONVO,
  temporaryChatOn,
  temporaryChatRetentionHours,
  type InterfaceConfig,
} from '@chat/contract';
import { useStartupConfig } from '../../api/config';
import { useConversation } from '../../api/messages';
import { IconButton } from '../../components/ui/IconButton';
import { useTranslation } from '../../hooks/useTranslation';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { retentionText } from './retention';
import { isTemporary, setTemporary, useTemporary } from './store';

type SlotProps = Slots['chat.header.items'];

function useInterface(): InterfaceConfig | undefined {
  return useStartupConfig().data?.interface;
}

/**
 * The screen shows a temporary chat: a new one with the switch on, or a saved one that has an
 * end (its expiredAt, from the send's provisional copy or the server).
 */
function useShowsTemporary(routeId: string): boolean {
  const on = useTemporary();
  const conversation = useConversation(routeId).data;
  return routeId === NEW_CONVO ? on : !!conversation?.expiredAt;
}

/**
 * The header's switch, where a new chat starts (LibreChat's place: beside the model menu); gone
 * once the conversation is saved, while a reply is on its way, in the assistants' view, and when
 * the operator's interface turns temporary chats off.
 */
function TemporaryToggle({ routeId, assistantView, busy }: SlotProps): ReactNode {
  const { t } = useTranslation();
  const on = useTemporary();
  if (!temporaryChatOn(useInterface()) || assistantView || busy || routeId !== NEW_CONVO) return null;
  return (
    <IconButton
      label={t('com_ui_temporary')}
      aria-pressed={on}
      onClick={() => setTemporary(!on)}
      data-testid="temporary-chat-toggle"
      className={clsx(on && 'bg-surface-active text-text-primary ring-1 ring-border-heavy')}
    >
      <MessageCircleDashed className="size-5" aria-hidden />
    </IconButton>
  );
}

/** Above the input: what a temporary chat is, with the operator's retention. */
function TemporaryNotice({ routeId, assistantView }: SlotProps): ReactNode {
  const { t, i18n } = useTranslation();
  const ui = useInterface();
  const shows = useShowsTemporary(routeId);
  if (assistantView || !shows) return null;
  const duration = retentionText(temporaryChatRetentionHours(ui), i18n.language);
  return (
    <div className="mx-auto w-full max-w-3xl px-3 sm:px-6">
      <p
        role="status"
        data-testid="temporary-chat-notice"
        className="mb-2 flex items-start gap-2 rounded-xl border border-dashed border-border-heavy bg-surface-secondary px-3 py-2 text-sm text-text-secondary"
      >
        <MessageCircleDashed className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{t('com_ui_temporary_chat_notice', { duration })}</span>
      </p>
    </div>
  );
}

/**
 * Wraps the screen: the send that starts a new conversation carries isTemporary while the switch
 * is on (and the conversation has its end from the start, so the sidebar never lists it); the
 * composer looks distinct on a temporary chat; leaving the new chat turns the switch off.
 */
function TemporaryScope({
  routeId,
  assistantView,
  setNewConversationExtras,
  children,
}: Slots['chat.scope']): ReactNode {
  const ui = useInterface();
  const shows = useShowsTemporary(routeId);
  useEffect(() => {
    if (!setNewConversationExtras) return;
    setNewConversationExtras(() =>
      isTemporary() && temporaryChatOn(ui)
        ? {
            body: { isTemporary: true },
            conversation: {
              expiredAt: new Date(Date.now() + temporaryChatRetentionHours(ui) * 3_600_000).toISOString(),
            },
          }
        : null,
    );
    return () => setNewConversationExtras(null);
  }, [setNewConversationExtras, ui]);
  useEffect(() => {
    if (routeId !== NEW_CONVO) setTemporary(false);
  }, [routeId]);
  return (
    <div
      className={clsx(
        'contents',
        shows &&
          !assistantView &&
          '[&_[data-chat-composer]]:border-dashed [&_[data-chat-composer]]:border-text-secondary [&_[data-chat-composer]]:bg-surface-secondary',
      )}
      data-temporary-chat={shows && !assistantView ? '' : undefined}
    >
      {children}
    </div>
  );
}

/** What temporary chats add: the header's switch, the notice above the input, the screen's scope. */
export const temporaryChatsSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.header.items', { id: 'temporary-chat', order: 1, component: TemporaryToggle }),
  fill('chat.input.above', { id: 'temporary-chat', component: TemporaryNotice }),
  fill('chat.scope', { id: 'temporary-chat', component: TemporaryScope }),
];
