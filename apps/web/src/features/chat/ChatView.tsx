import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NEW_CONVO, type Conversation, type Message } from '@chat/contract';
import { useConversation, useMessages } from '../../api/messages';
import { queryKeys } from '../../api/keys';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useNav } from '../../state/nav';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { ChatHeader } from './header/ChatHeader';
import { endpointLabel } from './header/endpoint-menu';
import { useChatSetup } from './header/useChatSetup';
import { ChatInput } from './input/ChatInput';
import { KeyDialog } from './keys/KeyDialog';
import { useKeyStatus } from './keys/useKeyStatus';
import { useKeyRefusal } from './keys/useKeyRefusal';
import { bottomActionKind } from './input/bottom-action';
import { preloadMarkdown } from './markdown/LazyMarkdown';
import { MessageList } from './messages/MessageList';
import type { MessageHandlers } from './messages/MessageRow';
import { EmptyState } from './EmptyState';
import { isActive } from './stream/machine';
import { getStreamState, useStreamState } from './stream/store';
import { useFollowNewConversation } from './stream/useFollowNewConversation';
import { useResumeReply } from './stream/useResumeReply';
import { useStopGrace } from './stream/useStopGrace';
import { stepSibling, visiblePath, type PathEntry, type SiblingSelection } from './tree/tree';
import { useChatActions } from './useChatActions';
import './chat.css';

/**
 * The chat screen. A saved conversation is shown only once the loaded conversation's id matches
 * the route (spec §2); 'new' shows an empty, unsaved one.
 */
export function ChatView({ routeId }: { routeId: string }) {
  const { t } = useTranslation();
  const convo = useConversation(routeId);
  if (routeId === NEW_CONVO) return <ChatScreen routeId={routeId} conversation={undefined} />;
  if (convo.isError) {
    return (
      <div
        className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center"
        data-testid="chat-not-found"
      >
        <p className="text-text-secondary">{t('com_chat_convo_not_found')}</p>
        <Link to="/c/new" className="text-sm font-medium text-text-primary underline underline-offset-4">
          {t('com_chat_new_chat')}
        </Link>
      </div>
    );
  }
  if (convo.data?.conversationId !== routeId) return <FullPageSpinner />;
  return <ChatScreen routeId={routeId} conversation={convo.data} />;
}

function ChatScreen({ routeId, conversation }: { routeId: string; conversation: Conversation | undefined }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { isMobile } = useNav();
  const setup = useChatSetup(conversation, routeId);
  useDocumentTitle(conversation?.title);
  const stream = useStreamState(routeId);
  const submitting = isActive(stream);
  const grace = useStopGrace(stream.stoppedAt);
  const messagesQuery = useMessages(routeId, submitting);
  const messages = useMemo(() => messagesQuery.data ?? [], [messagesQuery.data]);
  const [selection, setSelection] = useState<{ key: string; sel: SiblingSelection }>({
    key: routeId,
    sel: {},
  });
  const path = useMemo(
    () => visiblePath(messages, selection.key === routeId ? selection.sel : {}),
    [messages, selection, routeId],
  );
  const byId = useMemo(() => new Map<string, Message>(messages.map((m) => [m.messageId, m])), [messages]);
  const latest = path[path.length - 1]?.message;
  const [sendCount, setSendCount] = useState(0);
  // A reply still generating on the server (reload, another tab) is joined instead of shown frozen.
  useResumeReply(routeId, latest, messagesQuery.isSuccess && !messagesQuery.isFetching);

  // Once the server names the new conversation, /c/new becomes /c/<id> (the view stays).
  useFollowNewConversation(routeId);

  // A saved conversation's replies are Markdown: load it alongside the messages, so they are
  // usually shown formatted at once rather than as plain text first.
  useEffect(() => {
    if (routeId !== NEW_CONVO) preloadMarkdown();
  }, [routeId]);

  // A fresh /c/new starts empty (a failed, never-saved attempt is not carried over).
  useEffect(() => {
    if (routeId === NEW_CONVO && !isActive(getStreamState(NEW_CONVO))) {
      qc.setQueryData<Message[]>(queryKeys.messages(NEW_CONVO), []);
    }
  }, [routeId, qc]);

  const actions = useChatActions({ routeId, setup, messages, latest });
  const { regenerate, continueReply, editSubmit, editSave } = actions;

  const handlers = useMemo<MessageHandlers>(
    () => ({
      onStep: (entry: PathEntry, delta: -1 | 1) =>
        setSelection((s) => ({
          key: routeId,
          sel: stepSibling(s.key === routeId ? s.sel : {}, entry, delta),
        })),
      onRegenerate: regenerate,
      onContinue: continueReply,
      onEditSubmit: (m, text) => {
        preloadMarkdown();
        editSubmit(m, text);
        setSendCount((n) => n + 1);
      },
      onEditSave: editSave,
    }),
    [regenerate, continueReply, editSubmit, editSave, routeId],
  );

  // The person's own key for the chosen endpoint (spec §4 User keys); the dialog to set one.
  const keyStatus = useKeyStatus(setup.endpoint, setup.endpointsConfig);
  const [keyDialog, setKeyDialog] = useState<string | null>(null);
  useKeyRefusal(stream.error, setup.endpoint, setKeyDialog);
  const label = (endpoint: string) => endpointLabel(endpoint, setup.endpointsConfig, t);

  const bottomKind = bottomActionKind({
    generating: submitting,
    inStopGrace: grace,
    smallScreen: isMobile,
    latest,
    parent: latest ? byId.get(latest.parentMessageId) : undefined,
    endpointsConfig: setup.endpointsConfig,
  });
  const locked = !submitting && !!latest && !latest.isCreatedByUser && (latest.error || latest.unfinished);
  const loadingMessages = routeId !== NEW_CONVO && messagesQuery.isPending;

  return (
    <div className="relative flex h-full min-w-0 flex-1 flex-col bg-surface-chat" data-testid="chat-view">
      <ChatHeader setup={setup} onConfigureKey={setKeyDialog} disabled={submitting} />
      {loadingMessages ? (
        <div className="flex-1">
          <FullPageSpinner />
        </div>
      ) : path.length === 0 ? (
        <EmptyState endpointLabel={setup.endpoint ? label(setup.endpoint) : null} />
      ) : (
        <MessageList
          path={path}
          byId={byId}
          // Continue and Regenerate wait for the stop button's grace period (spec §4 Stop).
          submitting={submitting || grace}
          streamingId={submitting ? stream.targetMessageId : null}
          endpointsConfig={setup.endpointsConfig}
          handlers={handlers}
          sendCount={sendCount}
          bottom={
            bottomKind && {
              kind: bottomKind,
              onStop: actions.stop,
              onContinue: () => latest && continueReply(latest),
              onRegenerate: () => latest && regenerate(latest),
            }
          }
        />
      )}
      <ChatInput
        onSend={(text) => {
          // The reply renders as Markdown: start loading it now so it is there by the first delta
          // (not on mount, which would put it on an empty /c/new's critical path).
          preloadMarkdown();
          const ok = actions.send(text);
          if (ok) setSendCount((n) => n + 1);
          return ok;
        }}
        onStop={actions.stop}
        submitting={submitting}
        showStop={submitting || grace}
        disabled={locked}
        blocked={!setup.endpoint || !setup.model || keyStatus.checking}
        keyRequired={
          setup.endpoint && keyStatus.missing
            ? { endpointLabel: label(setup.endpoint), onConfigure: () => setKeyDialog(setup.endpoint) }
            : null
        }
        placeholder={locked ? t('com_chat_edit_or_regenerate') : t('com_chat_send_placeholder')}
        isMobile={isMobile}
      />
      {keyDialog && (
        <KeyDialog
          key={keyDialog}
          endpoint={keyDialog}
          endpointLabel={label(keyDialog)}
          config={setup.endpointsConfig}
          onClose={() => setKeyDialog(null)}
        />
      )}
    </div>
  );
}
