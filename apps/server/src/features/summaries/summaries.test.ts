import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { contextTokensOf, DEFAULT_CONTEXT_TOKENS, type FinalEvent } from '@chat/contract';
import { chatUser, fakeEndpoint } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import type { ProviderMessage } from '../../providers/types.js';
import { estimateTokens } from '../../providers/token-count.js';
import { splitForSummary, SUMMARY_INSTRUCTION, SUMMARY_PREFIX, transcriptWithin } from './shaper.js';

interface SentBody {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

describe('splitForSummary', () => {
  it('keeps the leading system messages and the recent turns, the rest is summarized', () => {
    const m = (role: 'user' | 'assistant' | 'system', content: string): ProviderMessage => ({
      role,
      content,
    });
    const messages = [
      m('system', 's'),
      m('user', 'u1'),
      m('assistant', 'a1'),
      m('user', 'u2'),
      m('assistant', 'a2'),
      m('user', 'u3'),
    ];
    const parts = splitForSummary(messages, 4);
    expect(parts.system.map((x) => x.content)).toEqual(['s']);
    expect(parts.older.map((x) => x.content)).toEqual(['u1']);
    expect(parts.recent.map((x) => x.content)).toEqual(['a1', 'u2', 'a2', 'u3']);
    expect(splitForSummary(messages.slice(0, 3), 4).older).toEqual([]);
  });

  it("writes the transcript within the summary model's room, the newest turns first", () => {
    const older: ProviderMessage[] = [
      { role: 'user', content: 'a'.repeat(350) }, // 100 tokens + 3
      { role: 'assistant', content: 'b'.repeat(350) },
      { role: 'user', content: 'c'.repeat(35) }, // 10 + 3
    ];
    expect(transcriptWithin(older, 'small-model', 1000)).toBe(
      `User: ${'a'.repeat(350)}\n\nAssistant: ${'b'.repeat(350)}\n\nUser: ${'c'.repeat(35)}`,
    );
    // Room for the last and the one before: the oldest is left out.
    expect(transcriptWithin(older, 'small-model', 116)).toBe(
      `Assistant: ${'b'.repeat(350)}\n\nUser: ${'c'.repeat(35)}`,
    );
    // Less: the one that does not fit is cut to its end.
    const cut = transcriptWithin(older, 'small-model', 63);
    expect(cut).toMatch(/^Assistant: …b+\n\nUser: c{35}$/);
    expect(estimateTokens(cut)).toBeLessThanOrEqual(63);
  });

  it('knows the context of the common models, a small default for the rest', () => {
    expect(contextTokensOf('gpt-4o-mini')).toBe(128_000);
    expect(contextTokensOf('claude-sonnet-4-6')).toBe(200_000);
    expect(contextTokensOf('my-local-model')).toBe(DEFAULT_CONTEXT_TOKENS);
  });
});

describe('summarize (librechat.yaml) over HTTP', () => {
  let fake: FakeOpenAIServer;
  let h: Harness;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const base = fakeEndpoint(fake);
    h = await startTestApp({
      endpoints: [
        { ...base, name: 'openAI', models: ['small-model'], summarize: true, summaryModel: 'summarizer' },
        { ...base, name: 'plain', type: 'custom', models: ['small-model'] },
      ],
      titleConvo: false,
    });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  /** Three turns whose first message alone fills most of the small model's context. */
  async function longConversation(endpoint: string) {
    const user = await chatUser(h, `U ${endpoint}`, { endpoint, model: 'small-model' });
    const long = `First, the facts: ${'the garden has roses and tulips. '.repeat(900)}[[fake reply="noted"]]`;
    let final = (await user.ask({ text: long })).events.at(-1)!.data as FinalEvent;
    for (const text of ['Second [[fake reply="two"]]', 'Third question [[fake reply="three"]]']) {
      final = (
        await user.ask({
          text,
          conversationId: final.conversation.conversationId,
          parentMessageId: final.responseMessage.messageId,
        })
      ).events.at(-1)!.data as FinalEvent;
      expect(final.responseMessage.error).toBe(false);
    }
    return final;
  }
  const streamed = () => fake.requests.map((r) => r.body as SentBody).filter((b) => b?.stream === true);

  it('replaces the older turns with a summary by the summary model once the context would overflow', async () => {
    fake.reset();
    await longConversation('openAI');
    const summaries = fake.requests
      .map((r) => r.body as SentBody)
      .filter((b) => b?.messages?.[0]?.content === SUMMARY_INSTRUCTION);
    // The third turn's prompt (5 messages) is the first with turns older than the recent four.
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    expect(summaries[0]!.model).toBe('summarizer');
    expect(summaries[0]!.messages[1]!.content).toContain('the garden has roses');
    // The summary request fits the summary model's context too, with room for the summary.
    const asked = summaries[0]!.messages.map((m) => estimateTokens(m.content) + 3).reduce((a, b) => a + b);
    expect(asked).toBeLessThanOrEqual(DEFAULT_CONTEXT_TOKENS - 512);
    const last = streamed().at(-1)!;
    expect(last.messages[0]!.role).toBe('system');
    expect(last.messages[0]!.content.startsWith(SUMMARY_PREFIX)).toBe(true);
    expect(JSON.stringify(last.messages)).not.toContain('roses and tulips. the garden');
    expect(last.messages.at(-1)!.content).toContain('Third question');
  });

  it('drops the older turns instead on an endpoint without summarize', async () => {
    fake.reset();
    await longConversation('plain');
    expect(
      fake.requests.some((r) => (r.body as SentBody)?.messages?.[0]?.content === SUMMARY_INSTRUCTION),
    ).toBe(false);
    const last = streamed().at(-1)!.messages;
    expect(JSON.stringify(last)).not.toContain('the garden has roses');
    expect(last.map((m) => m.content)).toEqual([
      'Second [[fake reply="two"]]',
      'two',
      'Third question [[fake reply="three"]]',
    ]);
  });
});
