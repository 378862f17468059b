import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOKEN_RATE,
  IMAGE_TOKENS,
  TOKEN_RATES,
  imageTokens,
  tokenCost,
  tokenRateOf,
} from './balance.js';

describe('token rates', () => {
  it('match a model by the longest key its name contains, case-insensitively', () => {
    expect(tokenRateOf('gpt-4o-mini')).toEqual({ prompt: 0.15, completion: 0.6 });
    expect(tokenRateOf('gpt-4o-mini-2024-07-18')).toEqual(TOKEN_RATES['gpt-4o-mini']);
    expect(tokenRateOf('gpt-4o-2024-08-06')).toEqual(TOKEN_RATES['gpt-4o']);
    expect(tokenRateOf('gpt-4-0613')).toEqual(TOKEN_RATES['gpt-4']);
    expect(tokenRateOf('gpt-4-32k')).toEqual({ prompt: 60, completion: 120 });
    expect(tokenRateOf('GPT-3.5-Turbo')).toEqual({ prompt: 0.5, completion: 1.5 });
    expect(tokenRateOf('anthropic/claude-3-opus-20240229')).toEqual({ prompt: 15, completion: 75 });
  });

  it('charge the default rate for a model no key matches', () => {
    expect(tokenRateOf('llama3:8b')).toBe(DEFAULT_TOKEN_RATE);
    expect(DEFAULT_TOKEN_RATE).toEqual({ prompt: 6, completion: 6 });
  });

  it('cost whole credits, rounded up, prompt and completion at their own rates', () => {
    expect(tokenCost('gpt-4', 1000, 500)).toBe(30_000 + 30_000);
    expect(tokenCost('gpt-4o-mini', 10, 1)).toBe(Math.ceil(1.5 + 0.6));
    expect(tokenCost('llama3', 0, 0)).toBe(0);
  });

  it('count images at the spec costs: low 85, high 170 a tile plus 85', () => {
    expect(IMAGE_TOKENS).toEqual({ low: 85, high: 170, additional: 85 });
    expect(imageTokens('low')).toBe(85);
    expect(imageTokens('high')).toBe(255);
    expect(imageTokens('auto', 4)).toBe(170 * 4 + 85);
  });
});
