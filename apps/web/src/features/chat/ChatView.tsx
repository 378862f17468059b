import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../hooks/useTranslation';
import { NEW_CONVO, type Conversation, type Message, type ParamKey } from '@chat/contract';
import { openingTail, useConversation, useShownMessages } from '../../api/messages';
import { queryKeys } from '../../api/keys';
import { endpointsQuery, modelsQuery } from '../../api/endpoints';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useNav } from '../../state/nav';
import { useAuth } from '../auth';
import { presetsQuery, useDefaultPreset } from '../presets';
import { Slot, SlotScope } from '../../platform/slots';
import type {
  ChatAssistantSlotProps,
  ChatScopeProps,
  ChatSlotProps,
  NewConversationExtras,
  AskExtras,
} from './chat-slots';
import { ChatSendGuardProvider } from './send-guard';
import { ChatRecoveryProvider } from './messages/recovery';
import { Dialog } from '../../components/ui/Dialog';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { useAssistantChoice } from './useAssistantChoice';
import { ChatHeader } from './header/ChatHeader';
import { endpointLabel, modelLabel } from '../model-select';
import { useChatSetup } from './header/useChatSetup';
import { endpointKindOf, useChatExtensions } from './extensions';
import { useStartingSpec } from './header/useStartingSpec';
import { GuardedChatInput } from './input/GuardedChatInput';
import { PROMPT_INPUT_ID } from './input/ChatInput';
import { DropZone, useEndpointAttachments } from '../attachments';
import { KeyDialog, useKeyRefusal, useKeyStatus } from '../user-keys';
import { bottomActionKind } from './input/bottom-action';
import { inputLocked } from './input/input-lock';
import { preloadMarkdown } from '../markdown';
import { PARAM_LABEL_KEYS } from '../conversation-options';
import type { MessageHandlers } from './messages/MessageRow';
import { EmptyState } from './EmptyState';
import { isActive } from './stream/machine';
import { getStreamState, useStreamState } from './stream/store';
import { useFollowNewConversation } from './stream/useFollowNewConversation';
import { useResumeReply } from './stream/useResumeReply';
import { useStopGrace } from './stream/useStopGrace';
import { stepSibling, visiblePath, type PathEntry, type SiblingSelection } from '../../lib/tree';
import { setVisibleLeaf } from '../../state/visible-branch';
import { useChatActions } from './useChatActions';
import { MessageList } from './send-path';
import './chat.css';

/** What the features' chat.scope fills may set for the screen (features/chat/chat-slots.ts). */
const SCOPE_PROVIDES: ChatScopeProps['provide'] = {
  sendGuard: ChatSendGuardProvider,
  recovery: ChatRecoveryProvider,
};

function focusPromptInput(): boolean {
  const input = document.getElementById(PROMPT_INPUT_ID);
  if (!(input instanceof HTMLTextAreaElement) || input.disabled) return false;
  input.focus();
  return true;
}

/** For the shell, when the page opens on a saved conversation: the chunks its messages need. */
export function preloadConversationView(): void {
  preloadMarkdown();
  MessageList.preload();
}

/**
 * The chat screen. A saved conversation is shown only once the loaded conversation's id matches
 * the route; 'new' shows an empty, unsaved one.
 */
export function ChatView({ routeId, assistantView = false }: { routeId: string; assistantView?: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const convo = useConversation(routeId);
  // A saved conversation's messages load alongside the conversation, not after it, and so does
  // Markdown (its replies are usually shown formatted at once rather than as plain text first).
  // A reply streaming into it keeps its live cache (the list refetches when it ends).
  useEffect(() => {
    if (routeId === NEW_CONVO) return;
    preloadMarkdown();
    MessageList.preload();
    // What the chat screen needs besides the conversation (its setup), asked for now rather than
    // once the conversation is there: the screen shows as soon as the messages arrive.
    void qc.prefetchQuery(endpointsQuery);
    void qc.prefetchQuery(modelsQuery);
    void qc.prefetchQuery(presetsQuery);
    // The tail first (useShownMessages): the full list follows once it is there.
    if (!isActive(getStreamState(routeId)) && !qc.getQueryData(queryKeys.messages(routeId))) {
      void qc.prefetchQuery({
        queryKey: queryKeys.messagesTail(routeId),
        queryFn: () => openingTail(routeId),
        staleTime: 30_000,
      });
    }
  }, [routeId, qc]);
  if (routeId === NEW_CONVO) {
    return <ChatScreen routeId={routeId} conversation={undefined} assistantView={assistantView} />;
  }
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
  return <ChatScreen routeId={routeId} conversation={convo.data} assistantView={assistantView} />;
}

function ChatScreen({
  routeId,
  conversation,
  assistantView,
}: {
  routeId: string;
  conversation: Conversation | undefined;
  /** The /a/ view: an assistant replies, chosen and edited in the assistant panel. */
  assistantView: boolean;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { isMobile } = useNav();
  const { user } = useAuth();
  const installedPlugins = user?.plugins;
  // A new chat starts from the default preset, if any (its endpoint still has to be offered).
  const defaultPreset = useDefaultPreset(routeId === NEW_CONVO && !assistantView);
  // …unless the operator's model specs start it (librechat.yaml `modelSpecs`).
  const startingSpec = useStartingSpec(routeId === NEW_CONVO && !assistantView);
  const setup = useChatSetup(conversation ?? startingSpec ?? defaultPreset, routeId, installedPlugins);
  const extensions = useChatExtensions();
  const endpointsConfig = setup.endpointsConfig;
  const slotEndpointLabel = useCallback(
    (endpoint: string) => endpointLabel(endpoint, endpointsConfig, t),
    [endpointsConfig, t],
  );
  const slotModelLabel = useCallback(
    (endpoint: string, model: string) => modelLabel(endpoint, model, endpointsConfig, t),
    [endpointsConfig, t],
  );
  const paramLabel = useCallback((key: ParamKey) => t(PARAM_LABEL_KEYS[key]), [t]);
  const assistant = useAssistantChoice(assistantView, conversation, routeId);
  const [panelOpen, setPanelOpen] = useState(false);
  useDocumentTitle(conversation?.title);
  const stream = useStreamState(routeId);
  const submitting = isActive(stream);
  const grace = useStopGrace(stream.stoppedAt);
  const messagesQuery = useShownMessages(routeId, submitting);
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
  // The branch on screen is the export's "current branch" (features/export).
  useEffect(() => setVisibleLeaf(routeId, latest?.messageId), [routeId, latest?.messageId]);
  const [sendCount, setSendCount] = useState(0);
  // A reply still generating on the server (reload, another tab) is joined instead of shown frozen.
  useResumeReply(routeId, latest, messagesQuery.settled);

  // Once the server names the new conversation, /c/new becomes /c/<id> (the view stays).
  useFollowNewConversation(routeId, assistantView ? '/a' : '/c');

  // A fresh /c/new starts empty (a failed, never-saved attempt is not carried over).
  useEffect(() => {
    if (routeId === NEW_CONVO && !isActive(getStreamState(NEW_CONVO))) {
      qc.setQueryData<Message[]>(queryKeys.messages(NEW_CONVO), []);
    }
  }, [routeId, qc]);

  // What a chat.scope fill adds to the send that starts a new conversation (a temporary chat).
  const extrasSource = useRef<(() => NewConversationExtras | null) | null>(null);
  const setNewConversationExtras = useCallback((source: (() => NewConversationExtras | null) | null) => {
    extrasSource.current = source;
  }, []);
  // What a chat.scope fill adds to every send of a new message (compare's second model).
  const askExtrasSource = useRef<(() => AskExtras | null) | null>(null);
  const setAskExtras = useCallback((source: (() => AskExtras | null) | null) => {
    askExtrasSource.current = source;
  }, []);
  const actions = useChatActions({
    routeId,
    setup,
    messages,
    latest,
    ...(assistantView ? { assistant: assistant.target } : {}),
    newConversationExtras: () => extrasSource.current?.() ?? null,
    askExtras: () => askExtrasSource.current?.() ?? null,
  });
  const { regenerate, continueReply, editSubmit, editSave } = actions;

  // Images for the next message: not in the assistants' view, nor on an endpoint
  // whose file config disables them.
  const { attachments, filesOn } = useEndpointAttachments(setup.endpoint, routeId, !assistantView);

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

  // The person's own key for the chosen endpoint; the dialog to set one.
  // An assistant runs on the endpoint the server picks for its model: no key is asked for here
  // (a refusal shows as the reply's error, with the server's message).
  const keyEndpoint = assistantView ? null : setup.endpoint;
  const keyStatus = useKeyStatus(keyEndpoint, setup.endpointsConfig);
  const [keyDialog, setKeyDialog] = useState<string | null>(null);
  useKeyRefusal(stream.error, keyEndpoint, setKeyDialog);

  // A send as the chat makes it; a feature may guard it (chat.scope: billing's subscription check).
  const sendNow = (text: string): boolean => {
    // The reply renders as Markdown: start loading it now so it is there by the first delta
    // (not on mount, which would put it on an empty /c/new's critical path).
    preloadMarkdown();
    MessageList.preload();
    // What the chat screen needs besides the conversation (its setup), asked for now rather than
    // once the conversation is there: the screen shows as soon as the messages arrive.
    void qc.prefetchQuery(endpointsQuery);
    void qc.prefetchQuery(modelsQuery);
    void qc.prefetchQuery(presetsQuery);
    const ok = actions.send(text, filesOn ? attachments.ready() : undefined);
    if (ok) {
      attachments.sent();
      setSendCount((n) => n + 1);
    }
    return ok;
  };
  const canSendNow = assistantView
    ? !!assistant.target
    : !!setup.endpoint && !!setup.model && !keyStatus.checking;
  const label = (endpoint: string) => endpointLabel(endpoint, setup.endpointsConfig, t);
  const lastReplyText = () => path.findLast((entry) => !entry.message.isCreatedByUser)?.message.text;

  const bottomKind = bottomActionKind({
    generating: submitting,
    inStopGrace: grace,
    smallScreen: isMobile,
    latest,
    parent: latest ? byId.get(latest.parentMessageId) : undefined,
    endpointsConfig: setup.endpointsConfig,
  });
  const locked = inputLocked({
    submitting,
    latest,
    endpoint: assistantView ? undefined : setup.endpoint,
    model: assistantView ? undefined : setup.model,
  });
  const loadingMessages = routeId !== NEW_CONVO && messagesQuery.data === undefined;
  const noAssistant = assistantView && !assistant.target;
  // What the features filling the screen's slots are told (features/chat/chat-slots.ts).
  const slot: ChatSlotProps = {
    routeId,
    assistantView,
    setup,
    busy: submitting,
    endpointLabel: slotEndpointLabel,
    modelLabel: slotModelLabel,
    paramLabel,
  };

  const assistantSlot: ChatAssistantSlotProps = {
    ...slot,
    assistant,
    openPanel: isMobile ? () => setPanelOpen(true) : undefined,
  };
  const panel = assistantView && <Slot name="chat.assistant.panel" {...assistantSlot} />;

  const chat = (
    <DropZone
      className="relative flex h-full min-w-0 flex-1 flex-col bg-surface-chat"
      onFiles={attachments.add}
      disabled={!filesOn || locked}
    >
      <ChatHeader
        setup={setup}
        onConfigureKey={setKeyDialog}
        disabled={submitting}
        items={<Slot name="chat.header.items" {...slot} />}
        {...(assistantView
          ? { assistantControls: <Slot name="chat.assistant.header" {...assistantSlot} /> }
          : {})}
      />
      <Slot name="chat.header.below" {...slot} />
      {/* A conversation's page is headed by its title (the empty chat shows its greeting as one). */}
      {(loadingMessages || path.length > 0) && (
        <h1 className="sr-only">{conversation?.title || t('com_chat_new_chat')}</h1>
      )}
      {loadingMessages ? (
        <div className="flex-1">
          <FullPageSpinner />
        </div>
      ) : path.length === 0 ? (
        <EmptyState
          endpointLabel={
            assistantView
              ? (assistant.selected?.name ?? null)
              : // A persona (an agent) is greeted by its name (the menu's label of its id).
                endpointKindOf(extensions, setup.endpoint)?.persona && setup.endpoint && setup.model
                ? slotModelLabel(setup.endpoint, setup.model)
                : setup.endpoint
                  ? label(setup.endpoint)
                  : null
          }
          below={<Slot name="chat.empty.below" {...slot} send={sendNow} canSend={canSendNow && !locked} />}
        />
      ) : (
        <Suspense fallback={<div className="flex-1" />}>
          <MessageList
            path={path}
            byId={byId}
            // Continue and Regenerate wait for the stop button's grace period, so a quick stop is not undone.
            submitting={submitting || grace}
            streamingId={submitting ? stream.targetMessageId : null}
            untoldId={stream.phase === 'submitting' ? stream.targetMessageId : null}
            endpointsConfig={setup.endpointsConfig}
            handlers={handlers}
            sendCount={sendCount}
            userName={user?.username || user?.name}
            bottom={
              bottomKind && {
                kind: bottomKind,
                onStop: actions.stop,
                onContinue: () => latest && continueReply(latest),
                onRegenerate: () => latest && regenerate(latest),
              }
            }
          />
        </Suspense>
      )}
      <Slot name="chat.input.above" {...slot} />
      <GuardedChatInput
        send={sendNow}
        onStop={actions.stop}
        submitting={submitting}
        showStop={submitting || grace}
        disabled={locked}
        blocked={assistantView ? noAssistant : !setup.endpoint || !setup.model || keyStatus.checking}
        keyRequired={
          !assistantView && setup.endpoint && keyStatus.missing
            ? { endpointLabel: label(setup.endpoint), onConfigure: () => setKeyDialog(setup.endpoint) }
            : null
        }
        placeholder={
          locked
            ? t('com_chat_edit_or_regenerate')
            : noAssistant
              ? t('com_assistants_send_placeholder_none')
              : t('com_chat_send_placeholder')
        }
        isMobile={isMobile}
        attachments={filesOn ? attachments : null}
      />
      <Slot name="chat.dialogs" {...slot} />
      {keyDialog && (
        <Suspense fallback={null}>
          <KeyDialog
            key={keyDialog}
            endpoint={keyDialog}
            endpointLabel={label(keyDialog)}
            config={setup.endpointsConfig}
            onClose={() => setKeyDialog(null)}
          />
        </Suspense>
      )}
    </DropZone>
  );

  // The features' scopes (their shared state, the send guard) wrap the whole screen.
  return (
    <SlotScope
      name="chat.scope"
      {...slot}
      send={sendNow}
      canSend={canSendNow}
      stop={actions.stop}
      lastReplyText={lastReplyText}
      focusInput={focusPromptInput}
      error={stream.error}
      provide={SCOPE_PROVIDES}
      setNewConversationExtras={setNewConversationExtras}
      setAskExtras={setAskExtras}
    >
      {assistantView ? (
        <div className="flex h-full min-w-0 flex-1">
          {chat}
          {isMobile ? (
            <Dialog
              open={panelOpen}
              onClose={() => setPanelOpen(false)}
              title={t('com_assistants_title')}
              size="wide"
              data-testid="assistant-sheet"
            >
              {panel}
            </Dialog>
          ) : (
            <aside
              aria-label={t('com_assistants_title')}
              className="flex w-80 shrink-0 flex-col gap-3 overflow-y-auto border-s border-border-light bg-surface-primary p-4"
              data-testid="assistant-aside"
            >
              {panel}
            </aside>
          )}
        </div>
      ) : (
        chat
      )}
    </SlotScope>
  );
}
