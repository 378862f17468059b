import { useCallback, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../hooks/useTranslation';
import { EModelEndpoint, NEW_CONVO, NO_PARENT, type Message, type MessageFile } from '@chat/contract';
import { updateMessageText, updateMessagesCache } from '../../api/messages';
import { useToast } from '../../components/ui/Toast';
import { endpointDisplayName } from '../model-select';
import type { ChatSetupState } from './header/useChatSetup';
import { endpointKindOf, useChatExtensions } from './extensions';
import { isUnsavedRequest } from './stream/error-details';
import { placeholderId, upsertMessage } from './stream/messages';
import type { AskExtras, NewConversationExtras, Submission, SubmitContext } from './stream/plan';
import { startStream } from './stream/run';
import { stopStream } from './stream/stop';

export interface ChatActionsInput {
  /** 'new' or the conversation id of the route. */
  routeId: string;
  setup: ChatSetupState;
  messages: Message[];
  latest: Message | undefined;
  /**
   * The /a/ view: the assistant replies (null while none is chosen: nothing is sent). Undefined in
   * the ordinary chat view.
   */
  assistant?: AssistantTarget | null;
  /** What the screen's features add to the send that starts a new conversation (chat.scope). */
  newConversationExtras?: () => NewConversationExtras | null;
  /** What the screen's features add to every send of a new message (chat.scope). */
  askExtras?: () => AskExtras | null;
}

/** The assistant an /a/ conversation talks to, and the conversation's thread once it has one. */
export interface AssistantTarget {
  id: string;
  name: string | null;
  model: string;
  threadId: string | null;
}

/** What the chat screen can do: send, regenerate, continue, edit, stop. Each one starts or stops a stream. */
export function useChatActions({
  routeId,
  setup,
  messages,
  latest,
  assistant,
  newConversationExtras,
  askExtras,
}: ChatActionsInput) {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const extensions = useChatExtensions();
  const toast = useToast();
  const byId = useMemo(() => new Map(messages.map((m) => [m.messageId, m])), [messages]);
  // Callbacks read the newest values through a ref, so they stay stable for memoized rows.
  const live = useRef({ routeId, setup, byId, latest, assistant, newConversationExtras, askExtras });
  live.current = { routeId, setup, byId, latest, assistant, newConversationExtras, askExtras };

  const run = useCallback(
    (submission: Submission): boolean => {
      const { routeId: id, setup: s, assistant: a, newConversationExtras: extrasOf } = live.current;
      const conversationId = id === NEW_CONVO ? null : id;
      const newConversation = conversationId === null ? (extrasOf?.() ?? null) : null;
      if (a !== undefined) {
        if (!a) return false;
        void startStream(qc, submission, {
          conversationId,
          endpoint: EModelEndpoint.assistant,
          model: a.model,
          sender: a.name || a.model,
          userSender: 'User',
          assistant: { assistantId: a.id, threadId: a.threadId },
          newConversation,
        });
        return true;
      }
      if (!s.endpoint || !s.model) return false;
      const kind = endpointKindOf(extensions, s.endpoint);
      const ctx: SubmitContext = {
        conversationId,
        endpoint: s.endpoint,
        model: s.model,
        // Signed as the server signs the reply: the conversation's label for the AI, else the
        // endpoint's display name (never the model id, which a failed send would keep showing).
        sender:
          s.options?.chatGptLabel?.trim() ||
          // A persona (an agent) signs with its name: the menu's label of its id.
          (kind?.persona ? s.endpointsConfig?.[s.endpoint]?.modelLabels?.[s.model] : undefined) ||
          endpointDisplayName(s.endpoint, s.endpointsConfig, t),
        userSender: 'User',
        ...(kind ? { route: kind.route(s.model) } : {}),
        // The conversation's options with the popover's changes, fitted to this endpoint.
        ...(s.options ? { options: s.options } : {}),
        newConversation,
        askExtras: submission.kind === 'ask' ? (live.current.askExtras?.() ?? null) : null,
      };
      void startStream(qc, submission, ctx);
      return true;
    },
    [qc, t, extensions],
  );

  /**
   * Drops a question the server refused before keeping it (and its failed reply) from the cache,
   * once what replaces it is on its way.
   */
  const dropUnsaved = useCallback(
    (question: Message | undefined, key: string) => {
      if (!question || !isUnsavedRequest(question.messageId)) return;
      const gone = new Set([question.messageId, placeholderId(question.messageId)]);
      updateMessagesCache(qc, key, (list) => list.filter((m) => !gone.has(m.messageId)));
    },
    [qc],
  );

  const send = useCallback(
    (text: string, files?: MessageFile[]) => {
      const { routeId: id, latest: last, byId: all } = live.current;
      // After a failed reply (the input allows it once another model is chosen), the new question
      // goes beside the failed one rather than under its error.
      const asked = last && !last.isCreatedByUser && last.error ? all.get(last.parentMessageId) : undefined;
      const failed = asked?.isCreatedByUser ? asked : undefined;
      const parent = failed ? failed.parentMessageId : last?.messageId;
      const parentMessageId = id === NEW_CONVO || !parent ? NO_PARENT : parent;
      const sent = run({ kind: 'ask', text, parentMessageId, files });
      if (sent) dropUnsaved(failed, id);
      return sent;
    },
    [run, dropUnsaved],
  );

  const regenerate = useCallback(
    (m: Message) => {
      const userMessage = m.isCreatedByUser ? m : live.current.byId.get(m.parentMessageId);
      if (!userMessage?.isCreatedByUser) return;
      // A refused question was never kept: it is asked again (with the model chosen now).
      if (!isUnsavedRequest(userMessage.messageId)) {
        run({ kind: 'regenerate', userMessage });
        return;
      }
      const { parentMessageId, text, files } = userMessage;
      if (run({ kind: 'ask', text, parentMessageId, files })) dropUnsaved(userMessage, live.current.routeId);
    },
    [run, dropUnsaved],
  );

  const continueReply = useCallback(
    (m: Message) => {
      const userMessage = live.current.byId.get(m.parentMessageId);
      if (userMessage) run({ kind: 'continue', userMessage, responseMessage: m });
    },
    [run],
  );

  const editSubmit = useCallback(
    (m: Message, text: string) => {
      if (m.isCreatedByUser) {
        // The edited message keeps its images; a refused one it replaces was never kept.
        if (run({ kind: 'ask', text, parentMessageId: m.parentMessageId, files: m.files }))
          dropUnsaved(m, live.current.routeId);
        return;
      }
      const userMessage = live.current.byId.get(m.parentMessageId);
      if (userMessage) run({ kind: 'edit-reply', userMessage, responseMessage: m, text });
    },
    [run, dropUnsaved],
  );

  const editSave = useCallback(
    async (m: Message, text: string) => {
      try {
        const saved = await updateMessageText(m.conversationId, m.messageId, text);
        updateMessagesCache(qc, m.conversationId, (list) =>
          upsertMessage(list, { ...m, ...saved, isEdited: true }),
        );
      } catch (err) {
        toast.show({ message: t('com_chat_edit_failed'), severity: 'error' });
        throw err;
      }
    },
    [qc, t, toast],
  );

  const stop = useCallback(() => {
    void stopStream(qc, live.current.routeId, {
      onCancelError: () => toast.show({ message: t('com_error_cancelling'), severity: 'error' }),
    });
  }, [qc, t, toast]);

  return { send, regenerate, continueReply, editSubmit, editSave, stop };
}
