import { AppError } from '../../../platform/errors.js';
import type { AskInput } from './types.js';

/**
 * authorize: the request is the signed-in user's (the auth guard checked the session) and asks
 * for something: a new message needs text; continuing or regenerating does not.
 */
export function authorize(input: AskInput): void {
  const { body } = input;
  if (!body.isContinued && !body.isRegenerate && !body.text.trim()) {
    throw new AppError('validation_error', 'The message is empty');
  }
}
