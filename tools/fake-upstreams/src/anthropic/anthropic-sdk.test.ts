// The fake Anthropic API against Anthropic's own SDK: what it streams and answers, the SDK parses.
import Anthropic, {
  AnthropicError,
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTINUATION_REPLY, startFakeAnthropic, type FakeServer } from '../index.js';
import { tokenize } from '../reply.js';

let fake: FakeServer;
let client: Anthropic;
beforeAll(async () => {
  fake = await startFakeAnthropic({ apiKey: 'sk-ant-test' });
  // The SDK appends /v1/messages to its base URL: the fake's origin.
  client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.origin, maxRetries: 0, logLevel: 'off' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const MODEL = 'claude-sonnet-4-6';
const user = (content: string) => [{ role: 'user' as const, content }];

/** Streams with the SDK's MessageStream: the text deltas as they came and the final message. */
async function stream(content: string | Anthropic.MessageParam[]) {
  const deltas: string[] = [];
  const s = client.messages.stream({
    model: MODEL,
    max_tokens: 1024,
    messages: typeof content === 'string' ? user(content) : content,
  });
  s.on('text', (t) => deltas.push(t));
  const message = await s.finalMessage();
  return { deltas, message };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('the fake Anthropic API through @anthropic-ai/sdk', () => {
  it('streams a message: one text delta per token, stop reason and usage', async () => {
    const reply = 'Hello there, this is a **scripted** reply.\n\n- a\n- b';
    fake.enqueue({ reply });
    const { deltas, message } = await stream('hi');
    expect(deltas).toEqual(tokenize(reply));
    expect(message).toMatchObject({
      role: 'assistant',
      model: MODEL,
      stop_reason: 'end_turn',
      content: [{ type: 'text', text: reply }],
      usage: { output_tokens: tokenize(reply).length },
    });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/messages');
    // This SDK sends the key as a bearer token (the AI SDK as x-api-key); the fake takes both.
    expect(sent.headers.authorization ?? sent.headers['x-api-key']).toMatch(/sk-ant-test$/);
    expect(sent.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('streams frames split in two, a UTF-8 character cut between them, intact', async () => {
    const reply = 'Grüße aus Köln 😀 und ein schönes Wochenende';
    const { deltas, message } = await stream(`[[fake reply="${reply}" split]]`);
    expect(deltas.join('')).toBe(reply);
    expect(message.content).toEqual([{ type: 'text', text: reply }]);
  });

  it('answers a one-shot message, and a title request from the system prompt', async () => {
    const once = await client.messages.create({
      model: MODEL,
      max_tokens: 50,
      messages: user('[[fake reply="Just this." finish=length]]'),
    });
    expect(once).toMatchObject({
      content: [{ type: 'text', text: 'Just this.' }],
      stop_reason: 'max_tokens',
    });
    const title = await client.messages.create({
      model: MODEL,
      max_tokens: 20,
      system: 'Write a short title for this conversation.',
      messages: user('How do I bake sourdough bread at home? [[fake status=500]]'),
    });
    expect(title.content).toEqual([{ type: 'text', text: 'How do I bake sourdough bread at home?' }]);
  });

  it('continues a prefilled assistant turn, and refuses one ending in whitespace as the API does', async () => {
    const prefill = [...user('Tell me a story'), { role: 'assistant' as const, content: 'Once upon a time' }];
    expect((await stream(prefill)).deltas.join('')).toBe(CONTINUATION_REPLY);
    const err = await failure(stream([...user('Tell me'), { role: 'assistant', content: 'Once ' }]));
    expect(err).toBeInstanceOf(BadRequestError);
    expect((err as BadRequestError).message).toMatch(/trailing whitespace/);
  });

  it('streams tool_use blocks and stops with tool_use', async () => {
    fake.enqueue({ reply: 'Looking.', toolCalls: [{ name: 'lookup', arguments: '{"q":"weather"}' }] });
    const { message } = await stream('weather?');
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content[1]).toMatchObject({ type: 'tool_use', name: 'lookup', input: { q: 'weather' } });
  });

  it('reads tool_result blocks as the agent’s later step: no call again, the results quoted', async () => {
    const directive = 'weather? [[fake tool=lookup args="{\\"q\\":\\"weather\\"}"]]';
    const first = await stream(directive);
    const call = first.message.content.find((b) => b.type === 'tool_use')!;
    expect(call).toMatchObject({ name: 'lookup' });
    const second = await stream([
      ...user(directive),
      { role: 'assistant', content: first.message.content },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: call.type === 'tool_use' ? call.id : '', content: 'Sunny' },
        ],
      },
    ]);
    expect(second.message.stop_reason).toBe('end_turn');
    expect(second.deltas.join('')).toBe('The tools answered: "Sunny".');
  });

  it.each([
    [401, AuthenticationError, 'authentication_error'],
    [403, PermissionDeniedError, 'permission_error'],
    [429, RateLimitError, 'rate_limit_error'],
    [500, InternalServerError, 'api_error'],
    [529, OverloadedError, 'overloaded_error'],
  ] as const)('answers status %i as %s with its error type', async (status, kind, type) => {
    const err = await failure(stream(`[[fake status=${status}]]`));
    expect(err).toBeInstanceOf(kind);
    expect((err as APIError).status).toBe(status);
    expect((err as APIError).error).toMatchObject({ type: 'error', error: { type } });
    if (status === 429) expect((err as APIError).headers?.get('retry-after')).toBe('1');
  });

  it('answers a wrong key with 401 authentication_error', async () => {
    const stranger = new Anthropic({ apiKey: 'sk-ant-wrong', baseURL: fake.origin, maxRetries: 0 });
    const err = await failure(
      stranger.messages.create({ model: MODEL, max_tokens: 5, messages: user('hi') }),
    );
    expect(err).toBeInstanceOf(AuthenticationError);
  });

  it('answers no credit and a too long prompt with the API’s 400 texts', async () => {
    const quota = await failure(stream('[[fake error=quota]]'));
    expect(quota).toBeInstanceOf(BadRequestError);
    expect((quota as APIError).message).toMatch(/credit balance is too low/);
    const context = await failure(stream('[[fake error=context]]'));
    expect((context as APIError).message).toMatch(/prompt is too long/);
  });

  it('answers a blocked prompt as a refusal without text', async () => {
    const { deltas, message } = await stream('[[fake error=moderation]]');
    expect(deltas).toEqual([]);
    expect(message.stop_reason).toBe('refusal');
    const cut = await stream('[[fake reply="I will not" finish=content_filter]]');
    expect(cut.message.stop_reason).toBe('refusal');
  });

  it('sends an error event mid-stream (errorAfter), which the SDK raises', async () => {
    const deltas: string[] = [];
    const s = client.messages.stream({
      model: MODEL,
      max_tokens: 50,
      messages: user('[[fake reply="a b c d" errorAfter=2 status=529]]'),
    });
    s.on('text', (t) => deltas.push(t));
    const err = await failure(s.finalMessage());
    expect(deltas).toEqual(['a', ' b']);
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).message).toMatch(/Overloaded/);
  });

  it('breaks the stream on failAfter and malformed', async () => {
    const reset = await failure(stream('[[fake reply="a b c d" failAfter=2]]'));
    expect(reset).toBeInstanceOf(AnthropicError);
    expect((reset as Error).message).toMatch(/terminated/);
    const malformed = await failure(stream('[[fake reply="a b c d" malformed=2]]'));
    expect(malformed).toBeInstanceOf(Error);
  });

  it('lists models', async () => {
    const page = await client.models.list();
    expect(page.data.map((m) => m.id)).toEqual([MODEL, 'claude-haiku-4-5', 'claude-3-haiku-20240307']);
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: MODEL });
  });
});
