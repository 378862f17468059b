import { describe, expect, it } from 'vitest';
import { ANTHROPIC_PARAMS, GOOGLE_GEMINI_PRO_MAX_OUTPUT, GOOGLE_PARAMS, OPENAI_PARAMS } from '@chat/contract';
import { askParams, fitToSpec, mergeParams, paramRows, resetParams, stepDecimals } from './params';

describe('options popover values from the contract', () => {
  it("shows OpenAI's parameters (Azure and custom endpoints share them) with the contract's ranges and defaults", () => {
    for (const type of ['openAI', 'azureOpenAI', 'custom']) {
      const rows = paramRows(type, 'gpt-4o', {});
      expect(rows.map((r) => r.key)).toEqual([
        'temperature',
        'top_p',
        'frequency_penalty',
        'presence_penalty',
        'maxOutputTokens',
      ]);
      const temperature = rows[0]!;
      expect(temperature.spec).toMatchObject(OPENAI_PARAMS.temperature);
      expect(temperature.value).toBe(OPENAI_PARAMS.temperature.default);
      expect(temperature.isDefault).toBe(true);
      expect(rows[2]!.spec).toMatchObject({ min: -2, max: 2 });
    }
  });

  it("shows Google's parameters, with gemini-pro's cap on max output tokens", () => {
    const rows = paramRows('google', 'chat-bison', {});
    expect(rows.map((r) => r.key)).toEqual(['temperature', 'topP', 'topK', 'maxOutputTokens']);
    expect(rows.map((r) => r.value)).toEqual([
      GOOGLE_PARAMS.temperature.default,
      GOOGLE_PARAMS.topP.default,
      GOOGLE_PARAMS.topK.default,
      GOOGLE_PARAMS.maxOutputTokens.default,
    ]);
    expect(rows[3]!.spec.max).toBe(GOOGLE_PARAMS.maxOutputTokens.max);
    const gemini = paramRows('google', 'gemini-pro', {}).find((r) => r.key === 'maxOutputTokens')!;
    expect(gemini.spec.max).toBe(GOOGLE_GEMINI_PRO_MAX_OUTPUT);
    expect(gemini.value).toBe(GOOGLE_GEMINI_PRO_MAX_OUTPUT);
  });

  it("shows Anthropic's own parameters", () => {
    const rows = paramRows('anthropic', 'claude-3-haiku', {});
    expect(rows.map((r) => [r.key, r.spec.min, r.spec.max, r.value])).toEqual([
      ['temperature', 0, 1, ANTHROPIC_PARAMS.temperature.default],
      ['topP', 0, 1, ANTHROPIC_PARAMS.topP.default],
      ['topK', 1, 40, ANTHROPIC_PARAMS.topK.default],
      ['maxOutputTokens', 1, 4000, ANTHROPIC_PARAMS.maxOutputTokens.default],
    ]);
  });

  it('has no rows for an endpoint type the contract does not know', () => {
    expect(paramRows('bingAI', 'x', {})).toEqual([]);
  });

  it('shows a value kept from another model or endpoint fitted to this one', () => {
    const rows = paramRows('google', 'chat-bison', { maxOutputTokens: 8192, temperature: 1.5 });
    expect(rows.find((r) => r.key === 'maxOutputTokens')!.value).toBe(2048);
    expect(rows.find((r) => r.key === 'temperature')!.value).toBe(1);
  });

  it('fits values to range, step precision and whole numbers', () => {
    expect(stepDecimals(0.01)).toBe(2);
    expect(stepDecimals(1)).toBe(0);
    expect(fitToSpec({ min: 0, max: 2, step: 0.01, default: 1 }, 1.23456)).toBe(1.23);
    expect(fitToSpec({ min: 0, max: 2, step: 0.01, default: 1 }, -1)).toBe(0);
    expect(fitToSpec({ min: 1, max: 40, step: 1, default: 5, int: true }, 12.6)).toBe(13);
  });

  it('overrides saved values; null resets to the default (not sent)', () => {
    const saved = { temperature: 0.5, top_p: 0.9, topK: 10 };
    expect(mergeParams(saved, {})).toEqual(saved);
    expect(mergeParams(saved, { temperature: 1.2, top_p: null })).toEqual({ temperature: 1.2, topK: 10 });
    expect(mergeParams(undefined, { temperature: 0.3 })).toEqual({ temperature: 0.3 });
    expect(resetParams('google', 'gemini-pro')).toEqual({
      temperature: null,
      topP: null,
      topK: null,
      maxOutputTokens: null,
    });
  });

  it("sends the endpoint's parameters fitted to its range and carries the others as they are", () => {
    expect(
      askParams('google', 'chat-bison', { temperature: 1.7, frequency_penalty: 1.5, maxOutputTokens: 8192 }),
    ).toEqual({
      temperature: 1,
      frequency_penalty: 1.5,
      maxOutputTokens: 2048,
    });
    expect(askParams('google', 'gemini-pro', { maxOutputTokens: 8192 })).toEqual({ maxOutputTokens: 8192 });
    expect(askParams('openAI', 'gpt-4o', { temperature: 1.7 })).toEqual({ temperature: 1.7 });
  });

  it('draws the operator’s range and default for an endpoint over its set’s', () => {
    const overrides = { temperature: { max: 0.7, step: 0.05, default: 0.3 } };
    const row = paramRows('custom', 'm', {}, overrides).find((r) => r.key === 'temperature');
    expect(row).toMatchObject({ value: 0.3, isDefault: true, spec: { min: 0, max: 0.7, step: 0.05 } });
    expect(askParams('custom', 'm', { temperature: 1.5 }, overrides)).toEqual({ temperature: 0.7 });
  });
});
