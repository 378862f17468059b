import type { Provider, ReactNode } from 'react';
import type { EndpointsConfig, Message, ParamKey } from '@chat/contract';
import type { AssistantChoice } from './useAssistantChoice';
import type { ChatSetupState } from './header/useChatSetup';
import type { ChatRecovery } from './messages/recovery';
import type { SendGuard } from './send-guard';
import type { AskExtras, NewConversationExtras } from './stream/plan';
import type { StreamError } from './stream/machine';

/** What the chat screen tells every fill of its slots. */
export type { AskExtras, NewConversationExtras } from './stream/plan';

export interface ChatSlotProps {
  routeId: string;
  /** The /a/ view: an assistant replies, and the endpoint's header controls are not shown. */
  assistantView: boolean;
  /** The endpoint, model and parameters chosen in this view, and the ways to change them. */
  setup: ChatSetupState;
  /** A reply is on its way: what would change the setup waits. */
  busy: boolean;
  /** Names as the endpoint menu and the options popover show them. */
  endpointLabel: (endpoint: string) => string;
  modelLabel: (endpoint: string, model: string) => string;
  paramLabel: (key: ParamKey) => string;
}

/** The /a/ view's header and panel are told besides: its assistants and the one that replies. */
export interface ChatAssistantSlotProps extends ChatSlotProps {
  assistant: AssistantChoice;
  /** Small screens: opens the panel as a sheet (none where the panel is beside the chat). */
  openPanel: (() => void) | undefined;
}

/** What each message's actions row tells its fills: the message and the branch it is on. */
interface MessageActionSlotProps {
  message: Message;
  /** The newest message of the branch shown (the last row). */
  latestMessageId: string;
  /** A send or a reply is on its way: the conversation is about to change. */
  busy: boolean;
}

/** What a reply's row tells the fills under its text. */
interface MessageAfterSlotProps {
  message: Message;
}

/** What a reply's row tells the fills beside it. */
interface MessageBesideSlotProps {
  message: Message;
  endpointsConfig: EndpointsConfig | undefined;
}

/**
 * What the message box tells its tools (dictation): its text and the ways to change and send it.
 * The tool keeps what the person typed; the box stays the one place the text lives.
 */
interface ChatInputToolProps {
  /** The box's text as last drawn. */
  text: string;
  /** Puts this text in the box. */
  setText: (text: string) => void;
  /** Sends what the box holds, as Enter does (nothing when it cannot go now). */
  submit: () => void;
  /** How many messages the box has sent: a change means its text has just gone. */
  sent: number;
  /** The box is locked (the last message unfinished or failed). */
  disabled: boolean;
}

/** What the empty chat tells its fills (an agent's conversation starters): the send. */
interface ChatEmptySlotProps extends ChatSlotProps {
  /** Sends this text as the first message; false when it could not go. */
  send: (text: string) => boolean;
  /** The chat can send now. */
  canSend: boolean;
}

/** What a chat.scope fill is told besides: the send as the chat makes it, for a guard to wrap. */
export interface ChatScopeProps extends ChatSlotProps {
  /** Sends the message now; false when it could not go. */
  send: (text: string) => boolean;
  /** The chat can send (endpoint and model known, no key check pending; an assistant chosen). */
  canSend: boolean;
  /** Stops the reply being written, as the Stop button does (nothing when none is). */
  stop: () => void;
  /** The text of the newest reply on the branch shown; undefined while there is none. */
  lastReplyText: () => string | undefined;
  /** Puts the focus in the message box; false when it cannot take it (locked, not drawn). */
  focusInput: () => boolean;
  /** How the last send failed, if it did (a refusal with a code). */
  error: StreamError | null;
  /**
   * What a fill may set for the whole screen by wrapping it: the guard every send goes through,
   * what an error reply offers besides Regenerate. Handed over rather than imported, so that a
   * feature filling the slot does not load the chat's modules into its own chunks.
   */
  provide: { sendGuard: Provider<SendGuard | null>; recovery: Provider<ChatRecovery> };
  /**
   * Sets what the send that starts a new conversation carries besides the message (a temporary
   * chat's flag); read at each such send. null takes it back (one source per screen).
   */
  setNewConversationExtras?: (source: (() => NewConversationExtras | null) | null) => void;
  /** Sets what every send of a new message carries besides it (compare's second model); null takes it back. */
  setAskExtras?: (source: (() => AskExtras | null) | null) => void;
  children: ReactNode;
}

/*
 * The chat screen's extension points (features/chat/ChatView.tsx renders them). A feature fills
 * one from its own slots.tsx; none of them is on screen when no feature fills it.
 */
declare module '../../platform/slots' {
  interface Slots {
    /**
     * Wraps the whole screen: a feature's state shared by its other fills (a context), a send
     * guard (`provide`), what an error reply offers.
     */
    'chat.scope': ChatScopeProps;
    /** The /a/ view's header, in place of the endpoint menu and the options. */
    'chat.assistant.header': ChatAssistantSlotProps;
    /** The /a/ view's panel: beside the chat from the desktop breakpoint, a sheet on small screens. */
    'chat.assistant.panel': ChatAssistantSlotProps;
    /** The endpoint view's header, after the endpoint menu and the options. */
    'chat.header.items': ChatSlotProps;
    /** Under the header, above the messages. */
    'chat.header.below': ChatSlotProps;
    /** In the message box, before the send button: tools that fill the box (dictation). */
    'chat.input.tools': ChatInputToolProps;
    /** Under the empty chat's greeting (an agent's conversation starters). */
    'chat.empty.below': ChatEmptySlotProps;
    /** Between the messages and the input. */
    'chat.input.above': ChatSlotProps;
    /** Dialogs, after the input (rendered only while open). */
    'chat.dialogs': ChatSlotProps;
    /** A saved message's actions row, after its own buttons (copy, edit, regenerate, continue). */
    'chat.message.actions': MessageActionSlotProps;
    /** Under a reply's text, above its actions (file search's citations). */
    'chat.message.after': MessageAfterSlotProps;
    /**
     * Beside a reply (a column after it from the tablet breakpoint, under it on small screens):
     * another reply to the same message (compare).
     */
    'chat.message.beside': MessageBesideSlotProps;
  }
}
