import { describe, expect, it } from 'vitest';
import { conversationOptionsSchema } from './entities-schemas.js';
import { applyParams, ENDPOINT_PARAMS, paramKeyOf, paramSpecs, PARAM_KEYS, widestRange } from './params.js';

describe('per-endpoint parameters', () => {
  it('declares the spec ranges and defaults of each endpoint', () => {
    expect(paramSpecs('openAI', 'gpt-4o')?.temperature).toMatchObject({ min: 0, max: 2, default: 1 });
    expect(paramSpecs('azureOpenAI', 'gpt-4o')).toEqual(paramSpecs('openAI', 'gpt-4o'));
    expect(paramSpecs('custom', 'x')?.frequency_penalty).toMatchObject({ min: -2, max: 2, default: 0 });
    expect(paramSpecs('google', 'chat-bison')).toMatchObject({
      temperature: { min: 0, max: 1, default: 0.2 },
      topP: { min: 0, max: 1, default: 0.8 },
      topK: { min: 1, max: 40, default: 40 },
      maxOutputTokens: { min: 1, max: 2048, default: 1024 },
    });
    expect(paramSpecs('google', 'gemini-pro')?.maxOutputTokens).toMatchObject({ max: 8192, default: 8192 });
    expect(paramSpecs('anthropic', 'claude-1')).toMatchObject({
      temperature: { min: 0, max: 1, default: 1 },
      topP: { min: 0, max: 1, default: 0.7 },
      topK: { min: 1, max: 40, default: 5 },
      maxOutputTokens: { min: 1, max: 4000, default: 4000 },
    });
    // Plugins: OpenAI's ranges, temperature 0.8 by default, sent upstream.
    expect(paramSpecs('gptPlugins', 'gpt-4o')?.temperature).toMatchObject({ min: 0, max: 2, default: 0.8 });
    expect(applyParams('gptPlugins', 'gpt-4o', {}).values.temperature).toBe(0.8);
    expect(paramSpecs('nope', 'x')).toBeUndefined();
  });

  it("refuses a value outside the endpoint's own range, not OpenAI's", () => {
    expect(applyParams('openAI', 'gpt-4o', { temperature: 1.5 })).toEqual({
      values: { temperature: 1.5 },
      issues: [],
    });
    const refused = applyParams('anthropic', 'claude-1', { temperature: 1.5, topK: 2.5 });
    expect(refused.issues.map((i) => [i.path, i.key])).toEqual([
      ['temperature', 'com_error_param_out_of_range'],
      ['topK', 'com_error_param_out_of_range'],
    ]);
  });

  it('clamps Google max output tokens to the model cap, and fills defaults where the endpoint sends them', () => {
    expect(applyParams('google', 'chat-bison', { maxOutputTokens: 8000 }).values).toEqual({
      temperature: 0.2,
      topP: 0.8,
      topK: 40,
      maxOutputTokens: 2048,
    });
    expect(applyParams('google', 'gemini-pro', { maxOutputTokens: 8000 }).values.maxOutputTokens).toBe(8000);
    // OpenAI-compatible endpoints leave unset values to the upstream.
    expect(applyParams('openAI', 'gpt-4o', {}).values).toEqual({});
  });

  it('drops values the endpoint does not take (options carried over from another endpoint)', () => {
    expect(
      applyParams('google', 'chat-bison', { frequency_penalty: 1, top_p: 0.5 }).values,
    ).not.toHaveProperty('frequency_penalty');
    expect(applyParams('openAI', 'gpt-4o', { topK: 5 })).toEqual({ values: {}, issues: [] });
  });

  it('the conversation options take any value some endpoint takes', () => {
    for (const key of PARAM_KEYS) {
      const r = widestRange(key);
      expect(conversationOptionsSchema.safeParse({ [key]: r.max }).success, key).toBe(true);
      expect(conversationOptionsSchema.safeParse({ [key]: r.max + 1 }).success, key).toBe(false);
    }
    expect(widestRange('maxOutputTokens').int).toBe(true);
    expect(Object.keys(ENDPOINT_PARAMS).sort()).toEqual([
      'anthropic',
      'azureOpenAI',
      'bingAI',
      'chatGPTBrowser',
      'custom',
      'google',
      'gptPlugins',
      'openAI',
    ]);
    // The legacy upstreams take no sampling parameter: none is sent, none refused.
    expect(applyParams('bingAI', 'BingAI', { temperature: 5 })).toEqual({ values: {}, issues: [] });
  });

  it('lays an endpoint’s own ranges and defaults over its set, and sends such a default', () => {
    const overrides = { temperature: { max: 0.7, default: 0.3 } };
    expect(paramSpecs('custom', 'm', overrides)?.temperature).toMatchObject({
      min: 0,
      max: 0.7,
      default: 0.3,
    });
    // OpenAI's set sends no defaults, but an operator's default is sent.
    expect(applyParams('custom', 'm', {}, overrides).values).toEqual({ temperature: 0.3 });
    expect(applyParams('custom', 'm', { temperature: 0.9 }, overrides).issues.map((i) => i.path)).toEqual([
      'temperature',
    ]);
  });

  it('reads LibreChat’s setting keys as the set names them', () => {
    expect(paramKeyOf('custom', 'top_p')).toBe('top_p');
    expect(paramKeyOf('anthropic', 'top_p')).toBe('topP');
    expect(paramKeyOf('google', 'maxTokens')).toBe('maxOutputTokens');
    expect(paramKeyOf('custom', 'max_tokens')).toBe('maxOutputTokens');
    expect(paramKeyOf('anthropic', 'frequency_penalty')).toBeUndefined();
    expect(paramKeyOf('custom', 'constructor')).toBeUndefined();
  });
});
