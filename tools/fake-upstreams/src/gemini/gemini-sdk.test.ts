// The fake Gemini API against Google's own SDK: what it streams and answers, the SDK parses.
import { ApiError, GoogleGenAI, type Content, type GenerateContentResponse } from '@google/genai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTINUATION_REPLY, startFakeGemini, type FakeServer } from '../index.js';
import { tokenize } from '../reply.js';

let fake: FakeServer;
let ai: GoogleGenAI;
beforeAll(async () => {
  fake = await startFakeGemini({ apiKey: 'gm-key' });
  ai = new GoogleGenAI({ apiKey: 'gm-key', httpOptions: { baseUrl: fake.origin, apiVersion: 'v1beta' } });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const MODEL = 'gemini-2.5-flash';

/** Streams with the SDK: every chunk, the text of each, and the error that ended it (if any). */
async function stream(contents: string | Content[], client = ai) {
  const chunks: GenerateContentResponse[] = [];
  let error: unknown;
  try {
    for await (const chunk of await client.models.generateContentStream({ model: MODEL, contents })) {
      chunks.push(chunk);
    }
  } catch (e) {
    error = e;
  }
  const texts = chunks.map((c) => c.candidates?.[0]?.content?.parts?.[0]?.text ?? '').filter(Boolean);
  return { chunks, texts, text: texts.join(''), error, last: chunks.at(-1) };
}

describe('the fake Gemini API through @google/genai', () => {
  it('streams one chunk per token, a finish reason and usage (the last chunk only usage)', async () => {
    const reply = 'Hello there, this is a **scripted** reply.\n\n- a\n- b';
    fake.enqueue({ reply });
    const { chunks, texts, error, last } = await stream('hi');
    expect(error).toBeUndefined();
    expect(texts).toEqual(tokenize(reply));
    expect(chunks.at(-2)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.candidates).toBeUndefined();
    expect(last?.usageMetadata).toMatchObject({ candidatesTokenCount: tokenize(reply).length });
    expect(last?.usageMetadata?.promptTokenCount).toBeGreaterThan(0);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe(`/v1beta/models/${MODEL}:streamGenerateContent`);
    expect(sent.headers['x-goog-api-key']).toBe('gm-key');
  });

  it('streams frames split in two, a UTF-8 character cut between them, intact', async () => {
    const reply = 'Grüße aus Köln 😀 und ein schönes Wochenende';
    const { text, error } = await stream(`[[fake reply="${reply}" split]]`);
    expect(error).toBeUndefined();
    expect(text).toBe(reply);
  });

  it('answers one-shot, a title request from the system instruction, and finish=length', async () => {
    const once = await ai.models.generateContent({
      model: MODEL,
      contents: '[[fake reply="Just this." finish=length]]',
    });
    expect(once.text).toBe('Just this.');
    expect(once.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    const title = await ai.models.generateContent({
      model: MODEL,
      contents: 'How do I bake sourdough bread at home? [[fake status=500]]',
      config: { systemInstruction: 'Write a short title for this conversation.' },
    });
    expect(title.text).toBe('How do I bake sourdough bread at home?');
  });

  it('continues when the contents end with a model turn', async () => {
    const contents: Content[] = [
      { role: 'user', parts: [{ text: 'Tell me a story' }] },
      { role: 'model', parts: [{ text: 'Once upon a time' }] },
    ];
    expect((await stream(contents)).text).toBe(CONTINUATION_REPLY);
  });

  it('sends function calls in the last chunk', async () => {
    fake.enqueue({ reply: 'Looking.', toolCalls: [{ name: 'lookup', arguments: '{"q":"weather"}' }] });
    const { last, chunks } = await stream('weather?');
    expect(last?.candidates).toBeUndefined();
    expect(chunks.at(-2)?.functionCalls).toEqual([{ name: 'lookup', args: { q: 'weather' } }]);
  });

  it('reads functionResponse parts as the agent’s later step: no call again, the results quoted', async () => {
    const directive = 'weather? [[fake tool=lookup args="{\\"q\\":\\"weather\\"}"]]';
    const first = await stream(directive);
    expect(first.chunks.at(-2)?.functionCalls).toEqual([{ name: 'lookup', args: { q: 'weather' } }]);
    const second = await stream([
      { role: 'user', parts: [{ text: directive }] },
      { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'weather' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'lookup', response: { content: 'Sunny' } } }] },
    ]);
    expect(second.chunks.some((c) => c.functionCalls)).toBe(false);
    expect(second.text).toBe('The tools answered: "Sunny".');
  });

  it.each([
    [400, 'INVALID_ARGUMENT'],
    [401, 'UNAUTHENTICATED'],
    [403, 'PERMISSION_DENIED'],
    [429, 'RESOURCE_EXHAUSTED'],
    [500, 'INTERNAL'],
    [503, 'UNAVAILABLE'],
  ] as const)('answers status %i as an ApiError with status %s', async (status, name) => {
    const { error } = await stream(`[[fake status=${status}]]`);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).message).toContain(name);
    if (status === 429) expect((error as ApiError).message).toContain('RetryInfo');
  });

  it('answers no key with 403 and a wrong key with 400 API_KEY_INVALID, as Google does', async () => {
    const wrong = new GoogleGenAI({
      apiKey: 'gm-wrong',
      httpOptions: { baseUrl: fake.origin, apiVersion: 'v1beta' },
    });
    const { error } = await stream('hi', wrong);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain('API_KEY_INVALID');
    const anonymous = await fetch(`${fake.url}/models/${MODEL}:generateContent`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(anonymous.status).toBe(403);
  });

  it('answers quota and context errors in Google’s words', async () => {
    const quota = await stream('[[fake error=quota]]');
    expect((quota.error as ApiError).status).toBe(429);
    expect((quota.error as ApiError).message).toContain('exceeded your current quota');
    const context = await stream('[[fake error=context]]');
    expect((context.error as ApiError).status).toBe(400);
    expect((context.error as ApiError).message).toContain('input token count');
  });

  it('blocks a prompt with promptFeedback and cuts a reply with SAFETY', async () => {
    const blocked = await stream('[[fake error=moderation]]');
    expect(blocked.texts).toEqual([]);
    expect(blocked.last?.promptFeedback?.blockReason).toBe('SAFETY');
    const cut = await stream('[[fake reply="I will" finish=content_filter]]');
    expect(cut.text).toBe('I will');
    expect(cut.chunks.at(-2)?.candidates?.[0]?.finishReason).toBe('SAFETY');
  });

  it('sends an error mid-stream (errorAfter), which the SDK raises', async () => {
    const { texts, error } = await stream('[[fake reply="a b c d" errorAfter=2 status=503]]');
    expect(texts).toEqual(['a', ' b']);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toMatch(/overloaded|UNAVAILABLE|503/);
  });

  it('breaks the stream on failAfter and malformed', async () => {
    const reset = await stream('[[fake reply="a b c d" failAfter=2]]');
    expect(reset.texts).toEqual(['a', ' b']);
    expect(reset.error).toBeInstanceOf(Error);
    const malformed = await stream('[[fake reply="a b c d" malformed=2]]');
    expect(malformed.error).toBeInstanceOf(Error);
  });

  it('lists models', async () => {
    const names: string[] = [];
    for await (const m of await ai.models.list()) names.push(m.name ?? '');
    expect(names).toEqual([
      'models/gemini-2.5-flash',
      'models/gemini-2.5-pro',
      'models/gemini-pro',
      'models/chat-bison-001',
    ]);
  });
});
