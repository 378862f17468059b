import { BUILT_IN_ENDPOINTS, CONTINUE_ENDPOINTS, type EndpointsConfig, type Message } from '@chat/contract';
import { isPlaceholder } from '../stream/messages';

/** Continue is offered on the spec's endpoints, custom ones and the offline demo (spec §4). */
export function supportsContinue(
  endpoint: string | null | undefined,
  config: EndpointsConfig | undefined,
): boolean {
  if (!endpoint) return false;
  const entry = config?.[endpoint];
  return (
    CONTINUE_ENDPOINTS.includes(endpoint) ||
    entry?.isDemo === true ||
    entry?.type === 'custom' ||
    !(BUILT_IN_ENDPOINTS as readonly string[]).includes(endpoint)
  );
}

export interface ActionContext {
  submitting: boolean;
  isLatest: boolean;
  endpointsConfig: EndpointsConfig | undefined;
}

/** Spec §4: an AI reply whose parent is a user message, not edited, while not submitting. */
export function canRegenerate(m: Message, parent: Message | undefined, ctx: ActionContext): boolean {
  return (
    !ctx.submitting &&
    !m.isCreatedByUser &&
    !m.isEdited &&
    !!parent?.isCreatedByUser &&
    !isPlaceholder(m.messageId)
  );
}

/** Spec §4: the latest reply whose finish reason is not 'stop' (unfinished, stopped, cut at length). */
export function canContinue(m: Message, parent: Message | undefined, ctx: ActionContext): boolean {
  return (
    !ctx.submitting &&
    ctx.isLatest &&
    !m.isCreatedByUser &&
    !m.error &&
    m.text.length > 0 &&
    m.finish_reason !== 'stop' &&
    !!parent?.isCreatedByUser &&
    !isPlaceholder(m.messageId) &&
    supportsContinue(m.endpoint, ctx.endpointsConfig)
  );
}

/** Spec §4: Edit is hidden while submitting and on errors. */
export function canEdit(m: Message, ctx: ActionContext): boolean {
  return !ctx.submitting && !m.error && !isPlaceholder(m.messageId);
}

/** Edit-and-submit is disabled for AI messages on the Google endpoint. */
export function canEditSubmit(m: Message): boolean {
  return m.isCreatedByUser || m.endpoint !== 'google';
}
