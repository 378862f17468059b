import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { countPrompt, countText } from './token-count.js';

describe('counting tokens without the provider', () => {
  it('counts a text with gpt-tokenizer', () => {
    expect(countText('')).toBe(0);
    expect(countText('Hello world')).toBe(2);
    const prose = 'The garden has roses, tulips and 42 daffodils. '.repeat(200);
    expect(countText(prose)).toBe(countTokens(prose));
  });

  it('counts a long run without whitespace in slices (BPE on it whole would stall the server)', () => {
    // 300,000 characters of one "word": whole, gpt-tokenizer needs minutes; sliced, a moment.
    const run = 'a'.repeat(300_000);
    const sliced = countText(`start ${run} end`);
    const approx = countTokens('a'.repeat(256)) * Math.ceil(300_000 / 256);
    expect(Math.abs(sliced - approx)).toBeLessThan(10);
    const cjk = '東京'.repeat(1_000);
    expect(Math.abs(countText(cjk) - countTokens(cjk)) / countTokens(cjk)).toBeLessThan(0.05);
  });

  it("counts a prompt's messages, and each image at the spec's cost", () => {
    const image = { type: 'image' as const, url: 'data:image/png;base64,AAAA' };
    const request = {
      model: 'gpt-4o',
      messages: [
        { role: 'system' as const, content: 'Be brief.' },
        { role: 'user' as const, content: [{ type: 'text' as const, text: 'Hello world' }, image] },
      ],
    };
    const text = 3 + countText('Be brief.') + 3 + countText('Hello world');
    expect(countPrompt(request)).toBe(text + 170 + 85);
    expect(countPrompt(request, 'high')).toBe(text + 170 + 85);
    expect(countPrompt(request, 'low')).toBe(text + 85);
    // An image sent at its own detail (the conversation's imageDetail) costs that.
    const low = {
      ...request,
      messages: [
        request.messages[0]!,
        { role: 'user' as const, content: [{ ...image, detail: 'low' as const }] },
      ],
    };
    expect(countPrompt(low)).toBe(3 + countText('Be brief.') + 3 + 85);
  });
});
