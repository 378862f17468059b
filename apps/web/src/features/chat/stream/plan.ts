import {
  API_ROUTE_PATHS,
  NEW_CONVO,
  fillRoutePath,
  type Conversation,
  type ConversationOptions,
  type CreatedEvent,
  type Message,
  type MessageFile,
} from '@chat/contract';
import { draftMessage, placeholderId } from './messages';

/** What the person asked for. */
export type Submission =
  /** A new user message under `parentMessageId` (a sibling branch when editing a user message). */
  | { kind: 'ask'; text: string; parentMessageId: string; files?: MessageFile[] | undefined }
  /** A new reply to an existing user message. */
  | { kind: 'regenerate'; userMessage: Message }
  /** More text appended to an unfinished reply. */
  | { kind: 'continue'; userMessage: Message; responseMessage: Message }
  /** A reply edited by the person, then continued by the model from the edited text. */
  | { kind: 'edit-reply'; userMessage: Message; responseMessage: Message; text: string };

/**
 * What a feature adds to the send that starts a new conversation (a temporary chat): fields of
 * the request's body, and fields the conversation has from the start, before the server's own.
 */
export interface NewConversationExtras {
  body: Record<string, unknown>;
  conversation?: Partial<Conversation>;
}

/**
 * What a feature adds to every send of a new message (compare: the second model): fields of the
 * request's body, and who hears the created event (the reply's ids, as the server named them).
 */
export interface AskExtras {
  body: Record<string, unknown>;
  created?: (event: CreatedEvent) => void;
}

export interface SubmitContext {
  conversationId: string | null;
  endpoint: string;
  model: string;
  /** Sender name of the reply (the endpoint's display label). */
  sender: string;
  userSender: string;
  options?: ConversationOptions;
  /**
   * An assistant conversation (the /a/ view): asks go to /api/assistants/chat and edits of
   * replies to /api/assistants/chat/modify, carrying the assistant and the conversation's thread.
   */
  assistant?: { assistantId: string; threadId: string | null };
  /**
   * An endpoint a feature supplies (chat/extensions.ts: the agents endpoint): its asks and edits
   * go to the feature's route with what it names besides the options.
   */
  route?: { ask: string; edit: string; body: Record<string, unknown> };
  /** Client-made UUID (injected for tests). */
  newId?: () => string;
  /** Read only when the send starts a new conversation. */
  newConversation?: NewConversationExtras | null;
  /** Read only for a new message (not a regenerate, continue or edit of a reply). */
  askExtras?: AskExtras | null;
}

export interface SubmitPlan {
  path: string;
  body: Record<string, unknown>;
  requestMessageId: string;
  /** The message the streamed text goes into. */
  targetMessageId: string;
  /** The text the stream's deltas are appended to. */
  baseText: string;
  /** Messages added (or replaced by id) in the cache before the request is sent. */
  optimistic: Message[];
  isNewConversation: boolean;
  /** A new conversation's fields before the server's answer (NewConversationExtras.conversation). */
  newConversation?: Partial<Conversation>;
  /** Told the created event (AskExtras.created). */
  onCreated?: (event: CreatedEvent) => void;
}

/** Turns a submission into the request and the optimistic cache changes. */
export function planSubmission(s: Submission, ctx: SubmitContext): SubmitPlan {
  const plan = planOf(s, ctx);
  const fields = ctx.conversationId === null ? ctx.newConversation?.conversation : undefined;
  return fields ? { ...plan, newConversation: fields } : plan;
}

function planOf(s: Submission, ctx: SubmitContext): SubmitPlan {
  const convoKey = ctx.conversationId ?? NEW_CONVO;
  const extras = ctx.conversationId === null ? ctx.newConversation : null;
  const route = ctx.assistant ? undefined : ctx.route;
  const base = {
    ...extras?.body,
    ...ctx.options,
    conversationId: ctx.conversationId,
    endpoint: ctx.endpoint,
    model: ctx.model,
    ...(ctx.assistant ? { assistant_id: ctx.assistant.assistantId, thread_id: ctx.assistant.threadId } : {}),
    ...route?.body,
  };
  const reply = (requestId: string) =>
    draftMessage({
      messageId: placeholderId(requestId),
      conversationId: convoKey,
      parentMessageId: requestId,
      text: '',
      sender: ctx.sender,
      isCreatedByUser: false,
      endpoint: ctx.endpoint,
      model: ctx.model,
    });
  const isNewConversation = ctx.conversationId === null;
  const ask = ctx.assistant
    ? API_ROUTE_PATHS.assistantChat.path
    : (route?.ask ?? fillRoutePath(API_ROUTE_PATHS.ask.path, { endpoint: ctx.endpoint }));
  const edit = ctx.assistant
    ? API_ROUTE_PATHS.assistantChatModify.path
    : (route?.edit ?? fillRoutePath(API_ROUTE_PATHS.edit.path, { endpoint: ctx.endpoint }));

  switch (s.kind) {
    case 'ask': {
      const messageId = (ctx.newId ?? (() => crypto.randomUUID()))();
      const user = draftMessage({
        messageId,
        conversationId: convoKey,
        parentMessageId: s.parentMessageId,
        text: s.text,
        sender: ctx.userSender,
        isCreatedByUser: true,
        endpoint: ctx.endpoint,
        model: ctx.model,
        ...(s.files?.length ? { files: s.files } : {}),
      });
      return {
        path: ask,
        ...(ctx.askExtras?.created ? { onCreated: ctx.askExtras.created } : {}),
        body: {
          ...ctx.askExtras?.body,
          ...base,
          text: s.text,
          parentMessageId: s.parentMessageId,
          messageId,
          ...(s.files?.length ? { files: s.files } : {}),
        },
        requestMessageId: messageId,
        targetMessageId: placeholderId(messageId),
        baseText: '',
        optimistic: [user, reply(messageId)],
        isNewConversation,
      };
    }
    case 'regenerate': {
      const id = s.userMessage.messageId;
      return {
        path: ask,
        body: { ...base, text: s.userMessage.text, parentMessageId: id, isRegenerate: true },
        requestMessageId: id,
        targetMessageId: placeholderId(id),
        baseText: '',
        optimistic: [reply(id)],
        isNewConversation,
      };
    }
    case 'continue':
    case 'edit-reply': {
      const edited = s.kind === 'edit-reply';
      const text = edited ? s.text : s.responseMessage.text;
      return {
        path: edit,
        body: {
          ...base,
          text: edited ? s.text : s.userMessage.text,
          parentMessageId: s.userMessage.messageId,
          responseMessageId: s.responseMessage.messageId,
          ...(edited ? { isEdited: true } : { isContinued: true }),
        },
        requestMessageId: s.userMessage.messageId,
        targetMessageId: s.responseMessage.messageId,
        baseText: text,
        optimistic: [
          {
            ...s.responseMessage,
            text,
            error: false,
            unfinished: false,
            finish_reason: null,
            ...(edited ? { isEdited: true } : {}),
          },
        ],
        isNewConversation,
      };
    }
  }
}
