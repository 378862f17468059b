import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors.js';
import { requestParams } from './params.js';

describe('request parameters per endpoint', () => {
  it('passes OpenAI values through and leaves unset ones to the upstream', () => {
    expect(requestParams('openAI', 'gpt-4o', { temperature: 1.5, top_p: 0.3, topK: 7 })).toEqual({
      temperature: 1.5,
      top_p: 0.3,
      top_k: undefined,
      frequency_penalty: undefined,
      presence_penalty: undefined,
      maxOutputTokens: undefined,
    });
  });

  it("names Google's and Anthropic's own parameters as the adapters read them, defaults filled", () => {
    expect(requestParams('anthropic', 'claude-1', { topP: 0.5 })).toEqual({
      temperature: 1,
      top_p: 0.5,
      top_k: 5,
      frequency_penalty: undefined,
      presence_penalty: undefined,
      maxOutputTokens: 4000,
    });
  });

  it("refuses a value out of the endpoint's range with a validation error and its i18n key", () => {
    let err: unknown;
    try {
      requestParams('google', 'chat-bison', { temperature: 1.5 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'validation_error',
      issues: [{ path: 'temperature', key: 'com_error_param_out_of_range' }],
    });
  });
});
