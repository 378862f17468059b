import { describe, it, expect } from 'vitest';
import {
  isContinueRequest,
  isTitleRequest,
  readMessages,
  titleFor,
  estimatePromptTokens,
} from './messages.js';
import { defaultReply, tokenize } from './reply.js';
import { resolveScript } from './script.js';

describe('tokenize', () => {
  it('splits into words with leading whitespace and round-trips exactly', () => {
    expect(tokenize('Hello  big\nworld ')).toEqual(['Hello', '  big', '\nworld', ' ']);
    const text = defaultReply('some prompt');
    expect(tokenize(text).join('')).toBe(text);
    expect(tokenize('')).toEqual([]);
  });
});

describe('defaultReply', () => {
  it('is deterministic, quotes the prompt and is 60–80 tokens long', () => {
    const a = defaultReply('What is the capital of France?');
    expect(a).toBe(defaultReply('What is the capital of France?'));
    expect(a).toContain('You said: "What is the capital of France?".');
    expect(a).toContain('**offline demo**');
    expect(a).toContain('```ts');
    const n = tokenize(a).length;
    expect(n).toBeGreaterThanOrEqual(60);
    expect(n).toBeLessThanOrEqual(80);
  });

  it('previews at most 80 characters of a long prompt on one line', () => {
    const reply = defaultReply(`${'x'.repeat(100)}\nsecond line`);
    expect(reply).toContain(`"${'x'.repeat(80)}…"`);
  });
});

describe('messages', () => {
  it('reads string and array-of-parts content', () => {
    const msgs = readMessages([
      { role: 'user', content: 'plain' },
      {
        role: 'user',
        content: [{ type: 'text', text: 'a' }, { type: 'image_url' }, { type: 'text', text: 'b' }],
      },
    ]);
    expect(msgs).toEqual([
      { role: 'user', text: 'plain' },
      { role: 'user', text: 'a\nb' },
    ]);
    expect(readMessages('nope')).toBeUndefined();
  });

  it('detects continue and title requests', () => {
    const chat = readMessages([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'partial' },
    ])!;
    expect(isContinueRequest(chat)).toBe(true);
    const title = readMessages([
      { role: 'system', content: 'Write a TITLE' },
      { role: 'user', content: 'x' },
    ])!;
    expect(isTitleRequest(title, false)).toBe(true);
    expect(isTitleRequest(title, true)).toBe(false);
    expect(isTitleRequest(chat, false)).toBe(false);
  });

  it('titles are the first sentence of the first user message, every word and its punctuation kept', () => {
    const msgs = readMessages([
      { role: 'system', content: 'Generate a title.' },
      { role: 'user', content: '[[fake tps=3]] Hello, how are you doing today, friend? I have a question.' },
      { role: 'user', content: 'later message' },
    ])!;
    expect(titleFor(msgs)).toBe('Hello, how are you doing today, friend?');
    const ask = (content: string) => titleFor(readMessages([{ role: 'user', content }])!);
    expect(ask('What is the capital of France?')).toBe('What is the capital of France?');
    expect(ask('  Compare\n\nthese two   options  ')).toBe('Compare');
    // A first sentence too long for a title is cut after a whole word (never inside one).
    const long = ask(
      'Explain why the sky looks blue at noon and red at sunset over the ocean and the mountains',
    );
    expect(long.length).toBeLessThanOrEqual(60);
    expect('Explain why the sky looks blue at noon and red at sunset over the ocean'.startsWith(long)).toBe(
      true,
    );
    expect(long).toMatch(/[a-z]$/);
    expect(ask('[[fake hang]] ?!')).toBe('New Chat');
    expect(titleFor([])).toBe('New Chat');
  });

  it('estimates prompt tokens as chars / 4', () => {
    expect(estimatePromptTokens([{ role: 'user', text: 'x'.repeat(40) }])).toBe(10);
  });
});

describe('resolveScript', () => {
  const user = (content: string) => readMessages([{ role: 'user', content }])!;
  const none = () => undefined;

  it('directive beats queue, and fields override defaults', () => {
    let dequeued = 0;
    const s = resolveScript(
      user('[[fake failAfter=2]] hi'),
      true,
      { tokensPerSecond: 9, failAfterTokens: 7 },
      () => {
        dequeued++;
        return { reply: 'queued' };
      },
    );
    expect(dequeued).toBe(0);
    expect(s).toMatchObject({ tokensPerSecond: 9, failAfterTokens: 2, reply: defaultReply('hi') });
  });

  it('uses the queue when there is no directive, then defaults, then built-ins', () => {
    expect(resolveScript(user('hi'), true, {}, () => ({ reply: 'Q' })).reply).toBe('Q');
    expect(resolveScript(user('hi'), true, { reply: 'D' }, none).reply).toBe('D');
    expect(resolveScript(user('hi'), true, {}, none)).toMatchObject({
      tokensPerSecond: 0,
      finishReason: 'stop',
      hang: false,
    });
  });

  it('continue requests get the continuation text', () => {
    const msgs = readMessages([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Once upon' },
    ])!;
    expect(resolveScript(msgs, true, {}, none).reply).toBe(' …and this continues the previous answer.');
  });

  it('title requests ignore directives, the queue and defaults', () => {
    const msgs = readMessages([
      { role: 'system', content: 'Summarise as a title' },
      { role: 'user', content: '[[fake status=500]] Plan my trip to Japan in spring' },
    ])!;
    const s = resolveScript(msgs, false, { status: 503 }, () => {
      throw new Error('queue must not be consumed');
    });
    expect(s).toMatchObject({ reply: 'Plan my trip to Japan in spring', status: undefined });
  });
});
