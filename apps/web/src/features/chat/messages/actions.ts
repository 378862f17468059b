import {
  COMPLETE_FINISH_REASON,
  CONTINUE_ENDPOINTS,
  type EndpointsConfig,
  type Message,
} from '@chat/contract';
import { endpointTypeOf } from '../../conversation-options';
import { isPlaceholder } from '../stream/messages';

/**
 * Continue is offered on the spec's endpoints, by endpoint type: a custom endpoint (the
 * offline demo is one) or an Azure deployment has its type's actions, whatever its name.
 */
export function supportsContinue(
  endpoint: string | null | undefined,
  config: EndpointsConfig | undefined,
): boolean {
  return !!endpoint && CONTINUE_ENDPOINTS.includes(endpointTypeOf(endpoint, config));
}

export interface ActionContext {
  submitting: boolean;
  isLatest: boolean;
  endpointsConfig: EndpointsConfig | undefined;
}

/**
 * An AI reply whose parent is a user message, not edited, while not submitting. A reply that failed
 * before the server kept it (still the placeholder) counts too: the error leaves a way forward.
 */
export function canRegenerate(m: Message, parent: Message | undefined, ctx: ActionContext): boolean {
  return (
    !ctx.submitting &&
    !m.isCreatedByUser &&
    !m.isEdited &&
    !!parent?.isCreatedByUser &&
    (!isPlaceholder(m.messageId) || m.error)
  );
}

/** The latest reply whose finish reason is not 'stop' (unfinished, stopped, cut at length). */
export function canContinue(m: Message, parent: Message | undefined, ctx: ActionContext): boolean {
  return (
    !ctx.submitting &&
    ctx.isLatest &&
    !m.isCreatedByUser &&
    !m.error &&
    m.text.length > 0 &&
    m.finish_reason !== COMPLETE_FINISH_REASON &&
    !!parent?.isCreatedByUser &&
    !isPlaceholder(m.messageId) &&
    supportsContinue(m.endpoint, ctx.endpointsConfig)
  );
}

/** Edit is hidden while submitting and on errors. */
export function canEdit(m: Message, ctx: ActionContext): boolean {
  return !ctx.submitting && !m.error && !isPlaceholder(m.messageId);
}

/** Edit-and-submit is disabled for AI messages on the Google endpoint (any endpoint of Google's type). */
export function canEditSubmit(m: Message, config: EndpointsConfig | undefined): boolean {
  return m.isCreatedByUser || !m.endpoint || endpointTypeOf(m.endpoint, config) !== 'google';
}
