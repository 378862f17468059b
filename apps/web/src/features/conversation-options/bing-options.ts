import type { ConversationOptions } from '@chat/contract';
import { BING_DEFAULTS } from '@chat/contract';

/** Bing's options besides the mode, which is its "model" (BingAI or Sydney). */
export const BING_OPTION_KEYS = ['toneStyle', 'context', 'systemMessage'] as const;
export type BingOptionKey = (typeof BING_OPTION_KEYS)[number];
export type BingValues = Partial<Pick<ConversationOptions, BingOptionKey>>;

/** The values in effect: this view's changes over the conversation's, the tone's default last. */
export function mergeBing(
  conversation: ConversationOptions | undefined,
  own: BingValues,
): Required<{
  [K in BingOptionKey]: NonNullable<ConversationOptions[K]>;
}> {
  const pick = <K extends BingOptionKey>(key: K) =>
    Object.hasOwn(own, key) ? own[key] : conversation?.[key];
  return {
    toneStyle: pick('toneStyle') ?? BING_DEFAULTS.toneStyle,
    context: pick('context') ?? '',
    systemMessage: pick('systemMessage') ?? '',
  };
}
