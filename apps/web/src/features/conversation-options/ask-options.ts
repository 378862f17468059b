import type { ConversationOptions, EndpointsConfig, ParamValues } from '@chat/contract';
import { BING_OPTION_KEYS, type BingValues } from './bing-options';
import { askParams, endpointTypeOf, mergeParams, paramOverridesOf, paramsTypeOf } from './params';

/**
 * Conversation options that belong to the conversation, not to an endpoint: kept across a switch
 * (the context size too: the server fits every prompt into it, else into the model's own).
 */
export const CARRIED = [
  'chatGptLabel',
  'promptPrefix',
  'resendImages',
  'imageDetail',
  'maxContextTokens',
  // Google's example turns (sent to Google only; kept for the conversation's return to it).
  'examples',
  // The plugins agent's own model, temperature and whether it answers without a last completion.
  'agentOptions',
] as const;
export type CarriedValues = Partial<Pick<ConversationOptions, (typeof CARRIED)[number]>>;

/** What a setup starts from: a conversation's saved options, or a preset's (its endpoint too). */
export type SetupBase = ConversationOptions & { endpoint?: string | null };

export interface AskOptionsInput {
  conversation: SetupBase | undefined;
  /** The person's parameter changes in this view (null: reset to the default). */
  overrides: ParamValues;
  endpoint: string;
  model: string;
  config: EndpointsConfig | undefined;
  /** Bing's own options changed in this view (tone, context, Sydney's system message). */
  bing?: BingValues | undefined;
  /** Carried options set in this view (a preset applied; null clears the conversation's). */
  carried?: CarriedValues | undefined;
}

/**
 * The options an ask carries besides endpoint and model: the conversation's own (prompt prefix,
 * label…), the endpoint's type and icon, and the sampling parameters (saved ones, overridden by
 * the popover, fitted to the endpoint chosen now). Switching endpoint keeps the conversation: the
 * next ask names the new endpoint with the same conversation id, and the server answers it with
 * the whole history.
 */
export function askOptions({
  conversation,
  overrides,
  endpoint,
  model,
  config,
  bing = {},
  carried = {},
}: AskOptionsInput): ConversationOptions {
  const out: ConversationOptions = {};
  for (const key of CARRIED) {
    const value = Object.hasOwn(carried, key) ? carried[key] : conversation?.[key];
    if (value !== null && value !== undefined) Object.assign(out, { [key]: value });
  }
  const sameEndpoint = conversation?.endpoint === endpoint;
  const entry = config?.[endpoint];
  const endpointType = entry?.type ?? (sameEndpoint ? conversation?.endpointType : undefined);
  if (endpointType) out.endpointType = endpointType;
  const iconURL = entry?.iconURL ?? (sameEndpoint ? conversation?.iconURL : undefined);
  if (iconURL) out.iconURL = iconURL;
  const type = endpointTypeOf(endpoint, config);
  if (type === 'bingAI') {
    for (const key of BING_OPTION_KEYS) {
      const value = Object.hasOwn(bing, key) ? bing[key] : conversation?.[key];
      if (value !== null && value !== undefined && value !== '') Object.assign(out, { [key]: value });
    }
  }
  return {
    ...out,
    ...askParams(
      paramsTypeOf(endpoint, config),
      model,
      mergeParams(conversation, overrides),
      paramOverridesOf(endpoint, config),
    ),
  };
}
