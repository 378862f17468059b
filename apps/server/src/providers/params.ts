import { applyParams, type ConversationOptions, type ParamOverrides } from '@chat/contract';
import { AppError } from '../platform/errors.js';
import type { ProviderParams } from './types.js';

/**
 * A conversation's sampling options as one endpoint takes them: the contract's entry for the
 * endpoint's type (ranges, defaults, per-model caps) applied in this one place, then named as the
 * adapters read them. Out-of-range values are AppError('validation_error') with one issue each.
 */
export function requestParams(
  endpointType: string,
  model: string,
  options: ConversationOptions,
  overrides?: ParamOverrides,
): ProviderParams {
  const { values, issues } = applyParams(endpointType, model, options, overrides);
  if (issues.length > 0) {
    throw new AppError(
      'validation_error',
      issues.map((i) => i.message).join('; '),
      issues.map((i) => ({ path: i.path, message: i.message, key: i.key })),
    );
  }
  return {
    temperature: values.temperature,
    top_p: values.top_p ?? values.topP,
    top_k: values.topK,
    frequency_penalty: values.frequency_penalty,
    presence_penalty: values.presence_penalty,
    maxOutputTokens: values.maxOutputTokens,
  };
}
