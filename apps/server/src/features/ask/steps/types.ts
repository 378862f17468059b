import type { AskRequest, ConversationOptions } from '@chat/contract';
import type { EndpointDefinition } from '../../../config/app-config.js';
import type { ConversationRow, MessageRow } from '../../../db/schema.js';
import type {
  ChatProvider,
  ProviderContentPart,
  ProviderParams,
  ProviderRequest,
} from '../../../providers/types.js';

export type AskRoute = 'ask' | 'edit';
export type TurnMode = 'ask' | 'regenerate' | 'continue';

/** One ask or edit request, as the route received it (body validated by the route table). */
export interface AskInput {
  userId: string;
  route: AskRoute;
  /** The endpoint named in the path: the endpoint's name or its type (`/api/ask/custom`). */
  pathEndpoint: string;
  body: AskRequest;
}

/** resolve: where the request goes, with whose key. */
export interface Resolved {
  endpoint: EndpointDefinition;
  model: string;
  provider: ChatProvider;
}

/** load history: the conversation as it is before this turn, and what the turn does to it. */
export interface History {
  conversationId: string;
  /** The conversation before this turn; undefined for a new one. */
  existing: ConversationRow | undefined;
  /** Every message of the conversation, by id (empty for a new one). */
  byId: Map<string, MessageRow>;
  mode: TurnMode;
}

/** configure: the conversation's options to save and the upstream's parameters. */
export interface Configured {
  options: ConversationOptions;
  params: ProviderParams;
}

/** record turn: the rows saved before the first byte is streamed. */
export interface Recorded {
  conversation: ConversationRow;
  requestMessage: MessageRow;
  /** The reply's row (unfinished until the generation settles). */
  responseMessage: MessageRow;
  /** Text the reply already has (continue / edited AI message); deltas are appended to it. */
  prefix: string;
}

/** Everything a generation needs, saved before the first byte is streamed. */
export interface Turn extends Recorded {
  mode: TurnMode;
  userId: string;
  isNewConversation: boolean;
  endpoint: EndpointDefinition;
  provider: ChatProvider;
  upstream: ProviderRequest;
}

/** What the extension steps of the pipeline are given. */
export interface StepContext {
  input: AskInput;
  endpoint: EndpointDefinition;
  model: string;
}

/**
 * gates: may this request run at all (balance, subscription, limits)? A gate refuses by throwing
 * an AppError, before anything is saved.
 */
export interface AskGate {
  name: string;
  check(ctx: StepContext): Promise<void>;
}

/** attach files: content parts (images) added to the user message of this turn. */
export interface AskAttachment {
  name: string;
  attach(ctx: StepContext & { history: History }): Promise<ProviderContentPart[]>;
}

/**
 * apply preset and model config: may change the conversation's options before the endpoint's
 * ranges and defaults are applied to them.
 */
export interface AskConfigurer {
  name: string;
  configure(ctx: StepContext, options: ConversationOptions): Promise<ConversationOptions>;
}

/**
 * shape prompt: may change the request sent upstream (a model's configured system prompt and
 * prefill), after the prompt is built from the conversation; nothing of it is saved.
 */
export interface AskPromptShaper {
  name: string;
  shape(ctx: StepContext & { mode: TurnMode }, request: ProviderRequest): Promise<ProviderRequest>;
}
