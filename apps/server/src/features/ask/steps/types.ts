import type { AskRequest, ConversationOptions, PluginState } from '@chat/contract';
import type { EndpointDefinition } from '../../../config/app-config.js';
import type { ConversationRow, MessageRow } from '../../../db/schema.js';
import type { EarlyCall } from './early-call.js';
import type {
  ChatProvider,
  ProviderContentPart,
  ProviderParams,
  ProviderRequest,
  ProviderUsage,
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
  /** Set when another feature runs this reply on the endpoint of the body (an assistant). */
  runAs?: RunAs | undefined;
  /**
   * The reply of the second model a send compares with (`addedConvo`): a sibling of the first
   * reply under the same user message, which leaves the conversation's endpoint, model and options
   * as the first model's.
   */
  added?: boolean | undefined;
}

/**
 * A reply another feature runs through this pipeline on a configured endpoint (features/assistants):
 * what the conversation and its messages record instead of the running endpoint, and how it runs.
 */
interface RunAs {
  /** The endpoint name the conversation and messages record (`assistant`). */
  endpoint: string;
  /** The replies' sender (the assistant's name). */
  sender: string;
  /** The system prompt, in place of the conversation's promptPrefix; not saved. */
  instructions: string | null;
  /** The reply's agent (its tools), in place of askAgents; none: a plain reply. */
  agent: AskAgent | undefined;
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
  /**
   * The upstream call, when it was started before the turn was written (its events held until
   * the reply takes them); none: the reply makes it.
   */
  early?: EarlyCall | undefined;
  /** What the gates reserved for this reply, settled when it ends. */
  holds: readonly AskHold[];
  /** The reply is an agent's: it may call these tools (steps/agent-loop.ts). */
  agent?: AgentPlan | undefined;
  /**
   * The first message the model was shown, when older ones were left out (or summarized) to fit
   * its context (steps/fit-context.ts); told to the client in the created and final events.
   */
  contextMessageId?: string | undefined;
  /** The send compared with a second model: its reply's id, or why it was refused (created event). */
  addedConvo?: { responseMessageId?: string; code?: string; message?: string } | undefined;
}

/** What one tool call gives back. */
export interface AgentToolResult {
  /** What the model is told (cut to PLUGIN_LIMITS.toolOutputMaxChars). */
  output: string;
  /** Markdown added to the reply after the model's answer (a generated image), not sent upstream. */
  attachment?: string | undefined;
  /** Kept on the call's display state, not sent upstream: file search's passages, cited under the reply. */
  display?: Pick<PluginState, 'file_search'> | undefined;
}

/** A tool the agent may call while it writes a reply (a plugin). */
export interface AgentTool {
  /** The name the model calls it by (the plugin key). */
  name: string;
  /** Shown in the display states: "Using {label}...". */
  label: string;
  description: string;
  /** JSON Schema of its arguments. */
  parameters: Record<string, unknown>;
  /** One call; a rejection's message is told to the model and shown, the reply goes on. */
  run(args: unknown, signal: AbortSignal): Promise<AgentToolResult>;
}

/** How the agent of a reply runs. */
export interface AgentPlan {
  tools: AgentTool[];
  /** The model and parameters of the steps that may call tools. */
  model: string;
  params: ProviderParams;
  /** Answer with the agent's own last step; else one more completion on the conversation's model. */
  skipCompletion: boolean;
  /** Model turns at most; the last one is offered no tools, so it answers. */
  maxSteps: number;
}

/**
 * agent: whether this request's reply is an agent's, and with which tools. The first item that
 * answers a plan wins; a throw (an unknown or unauthorized plugin) refuses before anything is saved.
 */
export interface AskAgent {
  name: string;
  plan(ctx: StepContext, configured: Configured): Promise<AgentPlan | undefined>;
}

/** What the extension steps of the pipeline are given. */
export interface StepContext {
  input: AskInput;
  endpoint: EndpointDefinition;
  model: string;
}

/**
 * gates: may this request run at all (balance, subscription, limits)? A gate refuses by throwing
 * an AppError, before anything is saved. A gate that reserves something for the reply (the
 * balance's credits) returns a hold: the pipeline settles it once the reply has ended, or
 * releases it (`settle(null)`) when the request stops before the upstream is called.
 */
export interface AskGate {
  name: string;
  /**
   * The gates this one runs after, by name (a name no module registered is ignored: its feature
   * is off). The order is declared, not taken from MODULES (steps/gate-order.ts).
   */
  after?: readonly string[];
  /** The gates this one runs before, by name (likewise). */
  before?: readonly string[];
  check(ctx: StepContext): Promise<AskHold | void>;
}

/** What a gate reserved for one reply. */
export interface AskHold {
  /** Never rejects (a failure is the gate's to log). `null`: nothing was sent upstream. */
  settle(spent: ReplySpend | null): Promise<void>;
}

/** What a reply used, for the holds of its gates: the provider's usage, else what was sent. */
export interface ReplySpend {
  conversationId: string;
  /** The reply's message id. */
  messageId: string;
  model: string;
  /** The request sent upstream (for counting the prompt when the provider reported no usage). */
  request: ProviderRequest;
  /** The text the upstream generated in this turn (a continued reply's prefix not included). */
  completion: string;
  usage: ProviderUsage | undefined;
  outcome: 'finish' | 'abort' | 'error' | 'incomplete';
}

/** attach files: content parts (images) added to the user message of this turn. */
export interface AskAttachment {
  name: string;
  attach(ctx: StepContext & { history: History }): Promise<ProviderContentPart[]>;
  /** Parts for earlier user messages of the branch, by message id (images sent again: resendImages). */
  earlier?(ctx: StepContext & { history: History }): Promise<Map<string, ProviderContentPart[]>>;
}

/** What attach files gives the prompt: this turn's parts and earlier messages' parts. */
export interface Attached {
  parts: ProviderContentPart[];
  earlier: Map<string, ProviderContentPart[]>;
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
 * record turn: when the conversation ends (a temporary chat, features/temporary-chats). Asked
 * for each turn with the conversation as it was (undefined: the turn creates it). A Date: it is
 * deleted then; null: it is kept; undefined: this item has no say (an existing conversation keeps
 * what it had). The first item that answers decides.
 */
export interface AskExpiry {
  name: string;
  expiredAt(input: AskInput, existing: ConversationRow | undefined, at: Date): Date | null | undefined;
}

/** What a prompt shaper knows of the turn. */
export interface ShapeContext extends StepContext {
  mode: TurnMode;
  /** How many tokens the prompt may hold (steps/fit-context.ts); a longer one is cut after shaping. */
  promptBudget: number;
}

/**
 * shape prompt: may change the request sent upstream (a model's configured system prompt and
 * prefill, a summary of older turns), after the prompt is built from the conversation; nothing
 * of it is saved.
 */
export interface AskPromptShaper {
  name: string;
  shape(ctx: ShapeContext, request: ProviderRequest): Promise<ProviderRequest>;
}

/** What a feature is told of a reply that finished and was saved (askReplied). */
export interface RepliedTurn {
  userId: string;
  conversationId: string;
  /** The reply's message id. */
  messageId: string;
  endpoint: EndpointDefinition;
  model: string;
  /** The request sent upstream for the reply (its system messages included). */
  request: ProviderRequest;
  /** The reply's whole text as saved. */
  replyText: string;
}

/**
 * After the reply: told of every reply that finished and was saved (not a failed, stopped or
 * incomplete one), once its final event is out. Runs in the background, tracked like a title so
 * a shutdown waits for it; it never holds the reply, and a rejection is only logged.
 */
export interface AskReplied {
  name: string;
  replied(turn: RepliedTurn): Promise<void>;
}
