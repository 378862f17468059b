import type { EndpointsConfig, Message } from '@chat/contract';
import { canContinue, canRegenerate } from '../messages/actions';
import { isPlaceholder } from '../stream/messages';

/** What the button between the message list and the input offers, if anything. */
export type BottomActionKind = 'stop' | 'continue' | 'regenerate' | null;

export interface BottomActionInput {
  /** A reply is generating. */
  generating: boolean;
  /** Within TIMINGS.stopGraceMs after a stop. */
  inStopGrace: boolean;
  /** Below UI_LIMITS.mobileBreakpointPx: the button is hidden and each reply keeps its own. */
  smallScreen: boolean;
  /** The last message of the visible branch, and its parent. */
  latest: Message | undefined;
  parent: Message | undefined;
  endpointsConfig: EndpointsConfig | undefined;
}

/**
 * Bottom button priority: Stop while generating (plus the stop grace), Continue when
 * supported, else Regenerate when messages exist and it is enabled. Hidden on small screens.
 * Continue and Regenerate follow the per-message rules for the latest reply; a latest question
 * whose reply never came can be asked again (its row has no Regenerate of its own).
 */
export function bottomActionKind(input: BottomActionInput): BottomActionKind {
  const { latest, parent } = input;
  if (input.smallScreen) return null;
  if (input.generating || input.inStopGrace) return 'stop';
  if (!latest) return null;
  const ctx = { submitting: false, isLatest: true, endpointsConfig: input.endpointsConfig };
  if (canContinue(latest, parent, ctx)) return 'continue';
  const regenerable = latest.isCreatedByUser
    ? !isPlaceholder(latest.messageId)
    : canRegenerate(latest, parent, ctx);
  return regenerable ? 'regenerate' : null;
}
