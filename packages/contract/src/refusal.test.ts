import { describe, expect, it } from 'vitest';
import { isLikelyRefusal, isUnfilteredModel } from './refusal.js';

describe('the refusal hint', () => {
  it('belongs to the unfiltered group only', () => {
    expect(isUnfilteredModel('gpt-4.1')).toBe(true);
    expect(isUnfilteredModel('openai/gpt-4.1-mini')).toBe(true);
    expect(isUnfilteredModel('gpt-4.1-unfiltered')).toBe(true);
    expect(isUnfilteredModel('gpt-4o')).toBe(false);
    expect(isUnfilteredModel('grok-3')).toBe(false);
    expect(isUnfilteredModel(null)).toBe(false);
  });

  it('reads a reply under 13 words that says sorry as a refusal', () => {
    expect(isLikelyRefusal("I'm sorry, but I can't help with that.", 'gpt-4.1')).toBe(true);
    expect(isLikelyRefusal('Sorry!', 'gpt-4.1-mini')).toBe(true);
    // 12 words: still under 13.
    expect(isLikelyRefusal('Sorry one two three four five six seven eight nine ten eleven', 'gpt-4.1')).toBe(
      true,
    );
    // 13 words is not under 13.
    expect(
      isLikelyRefusal('Sorry one two three four five six seven eight nine ten eleven twelve', 'gpt-4.1'),
    ).toBe(false);
    expect(isLikelyRefusal('I cannot help with that.', 'gpt-4.1')).toBe(false);
    expect(isLikelyRefusal("I'm sorry, but I can't help with that.", 'gpt-4o')).toBe(false);
  });
});
