import { conversationOptionsSchema, type AskRequest, type ConversationOptions } from '@chat/contract';
import { paramsTypeOf } from '../../../config/app-config.js';
import { requestParams } from '../../../providers/params.js';
import type { AskConfigurer, Configured, StepContext } from './types.js';

const OPTION_KEYS = Object.keys(conversationOptionsSchema.shape).filter(
  (k) => k !== 'model',
) as (keyof ConversationOptions)[];

/** The conversation options of an ask body, without unset values (model has its own column). */
export function pickOptions(body: AskRequest): ConversationOptions {
  const out: Record<string, unknown> = {};
  for (const k of OPTION_KEYS) if (body[k] !== undefined && body[k] !== null) out[k] = body[k];
  return out as ConversationOptions;
}

/**
 * apply preset and model config: the body's options, changed by each configurer of the features
 * in module order, then the endpoint's own ranges, defaults and per-model caps (contract
 * params.ts): a value out of range is refused (AppError validation_error) before anything is saved.
 */
export async function configure(
  configurers: readonly AskConfigurer[],
  ctx: StepContext,
): Promise<Configured> {
  let options = pickOptions(ctx.input.body);
  for (const c of configurers) options = await c.configure(ctx, options);
  return {
    options,
    params: requestParams(paramsTypeOf(ctx.endpoint), ctx.model, options, ctx.endpoint.paramOverrides),
  };
}
