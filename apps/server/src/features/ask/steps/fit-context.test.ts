import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CONTEXT_LIMITS, DEFAULT_CONTEXT_TOKENS, NO_PARENT } from '@chat/contract';
import type { MessageRow } from '../../../db/schema.js';
import { countText, messageTokenBound, TokenCountCache } from '../../../providers/token-count.js';
import type { ProviderMessage, ProviderRequest } from '../../../providers/types.js';
import { buildHistory } from './build-prompt.js';
import { contextStartOf, fitPrompt, messageCounter, promptBudget } from './fit-context.js';

const PER = CONTEXT_LIMITS.perMessageTokens;

/** 35 ASCII characters: 10 estimated tokens, 13 with the message's own. */
const text35 = (tag: string) => tag.padEnd(35, '.');
const EACH = 10 + PER;

/** A conversation of `turns` user/assistant pairs as saved rows, and the prompt built from it. */
function conversation(turns: number, model = 'claude-sonnet-4-6') {
  const rows: MessageRow[] = [];
  let parent = NO_PARENT;
  const at = new Date();
  for (let i = 0; i < turns * 2; i++) {
    const isUser = i % 2 === 0;
    const r: MessageRow = {
      messageId: randomUUID(),
      conversationId: 'c',
      userId: 'u',
      parentMessageId: parent,
      sender: isUser ? 'User' : 'Claude',
      text: text35(`${isUser ? 'u' : 'a'}${i >> 1}`),
      isCreatedByUser: isUser,
      endpoint: 'anthropic',
      model,
      error: false,
      unfinished: false,
      isEdited: false,
      finishReason: null,
      tokenCount: null,
      plugins: null,
      files: null,
      contextMessageId: null,
      createdAt: at,
      updatedAt: at,
    };
    rows.push(r);
    parent = r.messageId;
  }
  // The newest message is the user's question: drop the last reply.
  rows.pop();
  const byId = new Map(rows.map((r) => [r.messageId, r]));
  const request: ProviderRequest = {
    model,
    messages: buildHistory(byId, rows.at(-1)!.messageId, { promptPrefix: text35('system') }),
  };
  return { rows, request };
}
const contents = (r: ProviderRequest) => r.messages.map((m) => (m.content as string).replace(/\.+$/, ''));

describe('fitting a prompt into the context', () => {
  it('keeps everything when it fits, to the exact token', () => {
    const { request } = conversation(3); // system + u0 a0 u1 a1 u2: 6 messages
    const total = 6 * EACH;
    expect(fitPrompt(request, total)).toBe(request);
    // One token short: the oldest turn goes, the instructions and the newest stay.
    const fitted = fitPrompt(request, total - 1);
    expect(contents(fitted)).toEqual(['system', 'u1', 'a1', 'u2']);
  });

  it('drops the oldest turns first and starts the history with a user message', () => {
    const { request } = conversation(5); // system + 9 messages
    // Room for the system prompt and four messages: a2 u3 a3 u4 fit, but a2 would start it.
    const fitted = fitPrompt(request, 5 * EACH);
    expect(contents(fitted)).toEqual(['system', 'u3', 'a3', 'u4']);
  });

  it('always keeps the instructions and the newest turn, even over the budget', () => {
    const { request } = conversation(4);
    const fitted = fitPrompt(request, 1);
    expect(contents(fitted)).toEqual(['system', 'u3']);
    // A prefill (or the reply being continued) after the question stays with it.
    const prefilled = { ...request, messages: [...request.messages, { role: 'assistant', content: 'Sure' }] };
    expect(contents(fitPrompt(prefilled as ProviderRequest, 1))).toEqual(['system', 'u3', 'Sure']);
  });

  it('stops walking the branch once what it holds passes the budget, and says so', () => {
    const { rows, request } = conversation(50);
    const byId = new Map(rows.map((r) => [r.messageId, r]));
    let counted = 0;
    const count = messageCounter(request.model);
    const fit = {
      budget: 4 * EACH,
      count: (m: ProviderMessage) => {
        counted++;
        return count(m);
      },
    } as { budget: number; count: (m: ProviderMessage) => number; trimmed?: boolean };
    const built = { ...request, messages: buildHistory(byId, rows.at(-1)!.messageId, { fit }) };
    // Four fit; the fifth passed the budget and was the last one looked at.
    expect(counted).toBe(5);
    expect(fit.trimmed).toBe(true);
    expect(contents(built)).toEqual(['u47', 'a47', 'u48', 'a48', 'u49']);
    // The fit then cuts to the budget (a47 fits but would start the history: it goes too).
    const sent = fitPrompt(built, 4 * EACH);
    expect(contents(sent)).toEqual(['u48', 'a48', 'u49']);
    // The client is told where the context begins, though `built` started past the root already.
    const u48 = rows.find((r) => r.text.startsWith('u48.'))!.messageId;
    expect(contextStartOf(built, sent, fit.trimmed)).toBe(u48);
    expect(contextStartOf(built, built, fit.trimmed)).toBe(
      rows.find((r) => r.text.startsWith('u47.'))!.messageId,
    );
    // A newest question longer than the budget is still sent, alone.
    const one = { budget: 1, count };
    expect(buildHistory(byId, rows.at(-1)!.messageId, { fit: one })).toHaveLength(1);
  });

  it('counts the tools and options sent with the prompt', () => {
    const { request } = conversation(2); // system u0 a0 u1
    const withOptions: ProviderRequest = { ...request, chatOptions: { systemMessage: 'x'.repeat(35) } };
    expect(fitPrompt(request, 4 * EACH)).toBe(request);
    expect(contents(fitPrompt(withOptions, 4 * EACH))).toEqual(['system', 'u1']);
  });

  it('says where the context begins: the first saved message sent, when older ones were left out', () => {
    const { rows, request } = conversation(3);
    expect(contextStartOf(request, fitPrompt(request, 6 * EACH))).toBeUndefined();
    expect(contextStartOf(request, fitPrompt(request, 6 * EACH - 1))).toBe(rows[2]!.messageId);
  });

  it('counts OpenAI models with their tokenizer, others by estimate', () => {
    const m: ProviderMessage = { role: 'user', content: 'Tokenizers split text into pieces, 東京' };
    expect(messageCounter('gpt-4o-mini')(m)).toBe(PER + countText(m.content as string));
    // 35 ASCII characters → 10; each of the 2 other characters → 1.
    expect(messageCounter('claude-sonnet-4-6')(m)).toBe(PER + Math.ceil(35 / 3.5) + 2);
  });

  it('counts a saved message once, and again when its text changed', () => {
    const cache = new TokenCountCache();
    const { rows, request } = conversation(3, 'gpt-4o');
    // Exactly its tokens: its bytes do not fit, so every message is counted.
    const exact = request.messages.reduce((sum, m) => sum + messageCounter('gpt-4o')(m), 0);
    expect(fitPrompt(request, exact, cache)).toBe(request);
    expect(cache.size).toBe(rows.length);
    const first = messageCounter('gpt-4o', cache)(request.messages[1]!);
    // The cache answers by id and text: a changed text under the same id is counted anew.
    expect(cache.count(rows[0]!.messageId, 'a longer text now, not the one counted', 'openai')).toBe(
      countText('a longer text now, not the one counted'),
    );
    expect(first).toBe(PER + countText(rows[0]!.text));
  });

  it('keeps a prompt whose bytes fit without counting it, so no tokenizer loads', async () => {
    // Modules of their own: the tokenizer is not loaded yet in this copy of tokens.ts.
    vi.resetModules();
    const fresh = await import('./fit-context.js');
    const tokens = await import('../../../providers/token-count.js');
    const { rows, request } = conversation(3, 'gpt-4o');
    const bytes = request.messages.reduce((sum, m) => sum + tokens.messageTokenBound(m), 0);
    let counted = 0;
    const count = fresh.messageCounter('gpt-4o');
    const fit = { budget: bytes, count: (m: ProviderMessage) => (counted++, count(m)) };
    const byId = new Map(rows.map((r) => [r.messageId, r]));
    const built = buildHistory(byId, rows.at(-1)!.messageId, { fit, promptPrefix: text35('system') });
    expect(built).toHaveLength(request.messages.length);
    expect(fresh.fitPrompt(request, bytes)).toBe(request);
    expect(counted).toBe(0);
    expect(tokens.tokenizerLoaded()).toBe(false);
    // A byte fewer: now it is counted (with the tokenizer), and its tokens still fit.
    expect(fresh.fitPrompt(request, bytes - 1)).toBe(request);
    expect(tokens.tokenizerLoaded()).toBe(true);
  });

  it('bounds every message by its bytes, in both families', () => {
    const texts = ['Tokenizers split text into pieces, 東京 🙂', 'x'.repeat(600), 'ab'.repeat(300), ''];
    for (const text of texts)
      for (const model of ['gpt-4o', 'claude-sonnet-4-6']) {
        const m: ProviderMessage = { role: 'user', content: text };
        expect(messageCounter(model)(m)).toBeLessThanOrEqual(messageTokenBound(m));
      }
  });

  it('keeps the cache within its characters, the least recently used going first', () => {
    const cache = new TokenCountCache(10);
    cache.count('a', 'aaaa', 'estimate');
    cache.count('b', 'bbbb', 'estimate');
    cache.count('a', 'aaaa', 'estimate'); // used again: b is now the oldest
    cache.count('c', 'cccc', 'estimate');
    expect(cache.size).toBe(2);
    expect(cache.count('a', 'aaaa', 'estimate')).toBe(2);
  });
});

describe('the prompt budget', () => {
  it('takes the context size from the conversation, else the endpoint, else the model, else the default', () => {
    const reply = CONTEXT_LIMITS.replyReserveTokens;
    expect(promptBudget('gpt-4o', { maxContextTokens: 5000 }, { maxContextTokens: 9000 }, null)).toBe(
      5000 - reply,
    );
    expect(promptBudget('gpt-4o', {}, { maxContextTokens: 9000 }, null)).toBe(9000 - reply);
    expect(promptBudget('gpt-4o', { maxContextTokens: null }, {}, null)).toBe(128_000 - reply);
    expect(promptBudget('my-local-model', {}, {}, undefined)).toBe(DEFAULT_CONTEXT_TOKENS - reply);
  });

  it('leaves the reply its maxOutputTokens, at most half the context', () => {
    expect(promptBudget('gpt-4o', { maxContextTokens: 10_000 }, {}, 2000)).toBe(8000);
    expect(promptBudget('gpt-4o', { maxContextTokens: 10_000 }, {}, 1_000_000)).toBe(5000);
  });
});
