/**
 * The cheaper stream route (wire-stream.ts and a protocol's mapper) against the SDK's own route on
 * the same recorded bytes: every stream of the fakes (text, Unicode, finish reasons, tool calls,
 * HTTP and in-stream errors, malformed chunks, reset and stalled connections, split frames) and
 * hand-written ones for what the fakes do not send (reasoning, refusals, odd error frames), each
 * replayed as recorded, one byte per chunk, seven bytes per chunk and in one piece. Both routes
 * must yield the same ProviderEvents.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, startFakeGemini, startFakeOpenAI, type FakeServer } from '@chat/fake-upstreams';
import {
  eventsOf,
  record,
  replayFetch,
  synthetic,
  type Chunking,
  type Recording,
} from '../../../test/support/wire-replay.js';
import type { ProviderEvent, ProviderRequest } from '../types.js';
import { createLanguageModelProvider } from './language-model-provider.js';
import { anthropicWire } from './wire-anthropic.js';
import { googleWire } from './wire-google.js';
import { openAIChatWire } from './wire-openai-chat.js';
import { tapFetch, type WireProtocol } from './wire-stream.js';

const CHUNKINGS: Chunking[] = ['recorded', 'bytes', 'sevens', 'whole'];

interface Protocol {
  name: string;
  model: string;
  wire: WireProtocol;
  /** The SDK's models over a fetch (the base URL is the fake's, or any for a replay). */
  sdk(fetch: typeof globalThis.fetch, baseURL: string): (modelId: string) => LanguageModelV3;
}

const request = (text: string, model: string): ProviderRequest => ({
  model,
  messages: [{ role: 'user', content: text }],
  tools: [{ name: 'get_weather', description: 'weather', parameters: { type: 'object', properties: {} } }],
});

/** The answer the SDK's own request gets from the fake, recorded. */
async function recordFrom(p: Protocol, baseURL: string, text: string): Promise<Recording> {
  let rec: Recording | undefined;
  const recording: typeof fetch = async (input, init) => {
    rec = await record(String(input instanceof Request ? input.url : input), init ?? {});
    return replayFetch(rec)(input, init);
  };
  const provider = createLanguageModelProvider((id) => p.sdk(recording, baseURL)(id), {
    idleTimeoutMs: 5000,
  });
  const events = await eventsOf(provider, request(text, p.model));
  if (!rec) throw new Error(`nothing recorded: ${JSON.stringify(events)}`);
  return rec;
}

/**
 * Ids the upstream did not send are generated (at random) by either route: numbered in order of
 * appearance instead, so that the same generated-id structure compares equal.
 */
function generatedIdsNumbered(events: ProviderEvent[], rec: Recording): ProviderEvent[] {
  const body = Buffer.concat(rec.chunks).toString();
  const names = new Map<string, string>();
  const name = (id: string) => {
    if (body.includes(JSON.stringify(id))) return id;
    if (!names.has(id)) names.set(id, `generated-${names.size}`);
    return names.get(id)!;
  };
  return events.map((e) =>
    e.type === 'tool-call'
      ? { ...e, call: { ...e.call, id: name(e.call.id) } }
      : e.type === 'tool-result'
        ? { ...e, toolCallId: name(e.toolCallId) }
        : e,
  );
}

/**
 * The events with each run of consecutive text events as one: the wire route joins the text
 * deltas one read carried (language-model-provider.ts), so only one-byte reads, which never carry
 * two events, compare event for event; the others compare with the runs joined on both sides.
 */
function textJoined(events: ProviderEvent[]): ProviderEvent[] {
  const out: ProviderEvent[] = [];
  for (const e of events) {
    const last = out.at(-1);
    if (e.type === 'text' && last?.type === 'text')
      out[out.length - 1] = { type: 'text', text: last.text + e.text };
    else out.push(e);
  }
  return out;
}

async function bothRoutes(p: Protocol, rec: Recording, how: Chunking) {
  const opts = { idleTimeoutMs: rec.hangs ? 150 : 5000 };
  const viaSdk = createLanguageModelProvider(
    (id) => p.sdk(replayFetch(rec, how), 'http://replay/v1')(id),
    opts,
  );
  const viaWire = createLanguageModelProvider(
    (id) => p.sdk(tapFetch(replayFetch(rec, how)), 'http://replay/v1')(id),
    { ...opts, wire: p.wire },
  );
  const req = request('hi', p.model);
  const sdk = generatedIdsNumbered(await eventsOf(viaSdk, req), rec);
  const wire = generatedIdsNumbered(await eventsOf(viaWire, req), rec);
  return how === 'bytes' ? { sdk, wire } : { sdk: textJoined(sdk), wire: textJoined(wire) };
}

const OPENAI: Protocol = {
  name: 'OpenAI chat',
  model: 'gpt-4o-mini',
  wire: openAIChatWire,
  sdk(fetch, baseURL) {
    const client = createOpenAI({ apiKey: 'test', baseURL, fetch });
    return (id) => client.chat(id);
  },
};

/** Directives every fake understands, alone and combined. */
const FAKE_CASES: string[] = [
  '[[fake reply="Hello there friend"]]',
  '[[fake reply="héllo wörld, 日本語のテキスト and emoji 👋🏽 done"]]',
  '[[fake reply="emoji 👋🏽 split across frames ü" split]]',
  '[[fake reply="a\\nb\\n\\nc with \\"quotes\\" and a backslash \\\\"]]',
  '[[fake reply="one two three" finish=length]]',
  '[[fake reply="one two three" finish=content_filter]]',
  '[[fake reply="one two three" finish=stop split]]',
  '[[fake reply="Checking." tool=get_weather args="{\\"city\\":\\"Paris\\"}"]]',
  '[[fake reply="" tool=get_weather args="{\\"city\\":\\"Paris\\"}"]]',
  '[[fake reply="Two calls." tool=get_weather args="{\\"city\\":\\"Paris\\"}" tool=get_time args="{}"]]',
  '[[fake reply="Split call." tool=get_weather args="{\\"city\\":\\"Oslo\\"}" split]]',
  ...[400, 401, 403, 429, 500, 503, 529].map((s) => `[[fake status=${s}]]`),
  '[[fake error=quota]]',
  '[[fake error=context]]',
  '[[fake error=moderation]]',
  '[[fake reply="a b c d" errorAfter=0]]',
  '[[fake reply="a b c d" errorAfter=2]]',
  '[[fake reply="a b c d" errorAfter=2 status=429]]',
  '[[fake reply="a b c d" errorAfter=0 status=401]]',
  '[[fake reply="a b c d" malformed=0]]',
  '[[fake reply="a b c d" malformed=2]]',
  '[[fake reply="a b c d e f" failAfter=0]]',
  '[[fake reply="a b c d e f" failAfter=3]]',
  '[[fake reply="a b c d" hangAfter=2]]',
  '[[fake reply="a b c d" hang]]',
];

function protocolSuite(
  p: Protocol,
  start: () => Promise<FakeServer>,
  handWritten: Record<string, Recording>,
) {
  describe(`${p.name}: the wire route yields the SDK route's events`, () => {
    let fake: FakeServer;
    const recorded = new Map<string, Recording>();
    beforeAll(async () => {
      fake = await start();
      for (const text of FAKE_CASES) recorded.set(text, await recordFrom(p, fake.url, text));
    });
    afterAll(() => fake.close());

    it.each(FAKE_CASES)('%s', async (text) => {
      const rec = recorded.get(text)!;
      for (const how of CHUNKINGS) {
        const { sdk, wire } = await bothRoutes(p, rec, how);
        expect(wire, `${text} (${how})`).toEqual(sdk);
      }
    });

    it.each(Object.keys(handWritten))('hand-written: %s', async (name) => {
      for (const how of CHUNKINGS) {
        const { sdk, wire } = await bothRoutes(p, handWritten[name]!, how);
        expect(wire, `${name} (${how})`).toEqual(sdk);
      }
    });

    it('is the route taken for a successful stream (and not for a failed request)', async () => {
      // A kept body is read here and the SDK's call never hears back: its fetch stays unanswered.
      let calls = 0;
      let answered = 0;
      const counting = (inner: typeof fetch): typeof fetch => {
        const tapped = tapFetch(inner);
        return async (input, init) => {
          calls++;
          const res = await tapped(input, init);
          answered++;
          return res;
        };
      };
      const ok = synthetic(
        Object.values(handWritten)[0]!
          .chunks.map((c) => Buffer.from(c).toString())
          .join(''),
      );
      const provider = createLanguageModelProvider(
        (id) => p.sdk(counting(replayFetch(ok)), 'http://replay/v1')(id),
        { wire: p.wire },
      );
      const events = await eventsOf(provider, request('hi', p.model));
      expect([calls, answered]).toEqual([1, 0]);
      expect(events.length).toBeGreaterThan(0);
    });
  });
}

const sse = (...frames: unknown[]) =>
  frames.map((f) => `data: ${typeof f === 'string' ? f : JSON.stringify(f)}\n\n`).join('');
const chunk = (
  delta: Record<string, unknown>,
  finish: string | null = null,
  extra: Record<string, unknown> = {},
) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...extra,
});
const usage = { usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } };

protocolSuite(OPENAI, () => startFakeOpenAI(), {
  'text, finish and usage in a last chunk': synthetic(
    sse(
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hi' }),
      chunk({ content: ' you' }),
      chunk({}, 'stop'),
      { id: 'c1', choices: [], ...usage },
      '[DONE]',
    ),
  ),
  'a refusal (a content-filter finish)': synthetic(
    sse(chunk({ refusal: 'I cannot help with that.' }), chunk({}, 'stop'), '[DONE]'),
  ),
  'no usage, no finish reason, no [DONE]': synthetic(sse(chunk({ content: 'cut short' }))),
  'an unknown finish reason': synthetic(sse(chunk({ content: 'x' }), chunk({}, 'eos_token'), '[DONE]')),
  'function_call finish': synthetic(sse(chunk({ content: 'x' }), chunk({}, 'function_call'), '[DONE]')),
  'usage without prompt tokens': synthetic(
    sse(chunk({ content: 'x' }, 'stop', { usage: { completion_tokens: 1 } }), '[DONE]'),
  ),
  'tool calls interleaved by index, arguments in pieces': synthetic(
    sse(
      chunk({
        tool_calls: [
          { index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } },
        ],
      }),
      chunk({
        tool_calls: [
          { index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"tz"' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: ':"UTC"}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '"Rome"}' } }] }),
      chunk({}, 'tool_calls'),
      { id: 'c1', choices: [], ...usage },
      '[DONE]',
    ),
  ),
  'a tool call whose arguments never become JSON': synthetic(
    sse(
      chunk({
        tool_calls: [
          {
            index: 0,
            id: 'call_a',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":' },
          },
        ],
      }),
      chunk({}, 'tool_calls'),
      '[DONE]',
    ),
  ),
  'an error frame after output': synthetic(
    sse(chunk({ content: 'partial' }), {
      error: { message: 'server overloaded', type: 'server_error', code: null, extra: 1 },
    }),
  ),
  'an error frame before output, rate limited': synthetic(
    sse({ error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }),
  ),
  'an error frame before output, without type or code': synthetic(sse({ error: { message: 'odd' } })),
  'an error frame before output, numeric code': synthetic(sse({ error: { message: 'gone', code: 503 } })),
  'an error frame before output, insufficient quota': synthetic(
    sse({ error: { message: 'no quota', type: 'insufficient_quota', code: 'insufficient_quota' } }),
  ),
  'a chunk that is not a chunk': synthetic(
    sse(chunk({ content: 'a' }), { hello: 'world' }, chunk({ content: 'b' })),
  ),
  'an error object without message': synthetic(sse(chunk({ content: 'a' }), { error: { code: 1 } })),
  'comments, event names, CRLF and a BOM': synthetic(
    '\uFEFF: keep-alive\r\n\r\nevent: message\r\ndata: ' +
      JSON.stringify(chunk({ content: 'crlf' })) +
      '\r\n\r\ndata: ' +
      JSON.stringify(chunk({}, 'stop')) +
      '\r\n\r\ndata: [DONE]\r\n\r\n',
  ),
  'a data field over several lines': synthetic(
    `data: {"id":"c1","choices":[{"index":0,\ndata: "delta":{"content":"multi"},"finish_reason":null}]}\n\n${sse(chunk({}, 'stop'), '[DONE]')}`,
  ),
  'an empty body': synthetic(''),
  'empty content deltas only': synthetic(sse(chunk({ content: '' }), chunk({}, 'stop'), '[DONE]')),
});

const ANTHROPIC: Protocol = {
  name: 'Anthropic messages',
  model: 'claude-haiku-4-5',
  wire: anthropicWire,
  sdk(fetch, baseURL) {
    const client = createAnthropic({ apiKey: 'test', baseURL, fetch });
    return (id) => client.messages(id);
  },
};

const events = (...list: [string, unknown][]) =>
  list
    .map(
      ([name, data]) => `event: ${name}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
    )
    .join('');
const messageStart = (
  usage: Record<string, unknown> = { input_tokens: 12, output_tokens: 1 },
  extra: Record<string, unknown> = {},
) =>
  [
    'message_start',
    {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-haiku-4-5',
        content: [],
        stop_reason: null,
        usage,
        ...extra,
      },
    },
  ] as [string, unknown];
const blockStart = (index: number, block: Record<string, unknown>) =>
  ['content_block_start', { type: 'content_block_start', index, content_block: block }] as [string, unknown];
const blockDelta = (index: number, delta: Record<string, unknown>) =>
  ['content_block_delta', { type: 'content_block_delta', index, delta }] as [string, unknown];
const blockStop = (index: number) =>
  ['content_block_stop', { type: 'content_block_stop', index }] as [string, unknown];
const messageDelta = (stop: string | null, usage: Record<string, unknown> = { output_tokens: 7 }) =>
  ['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage }] as [
    string,
    unknown,
  ];
const messageStop = ['message_stop', { type: 'message_stop' }] as [string, unknown];
const ping = ['ping', { type: 'ping' }] as [string, unknown];

protocolSuite(ANTHROPIC, () => startFakeAnthropic(), {
  'text with pings, usage and end_turn': synthetic(
    events(
      messageStart(),
      ping,
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'Hi' }),
      ping,
      blockDelta(0, { type: 'text_delta', text: ' there' }),
      blockStop(0),
      messageDelta('end_turn'),
      messageStop,
    ),
  ),
  'thinking, a signature, then text': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'thinking', thinking: '' }),
      blockDelta(0, { type: 'thinking_delta', thinking: 'Let me think' }),
      blockDelta(0, { type: 'thinking_delta', thinking: ' about it.' }),
      blockDelta(0, { type: 'signature_delta', signature: 'sig' }),
      blockStop(0),
      blockStart(1, { type: 'redacted_thinking', data: 'xyz' }),
      blockStop(1),
      blockStart(2, { type: 'text', text: '' }),
      blockDelta(2, { type: 'text_delta', text: 'Answer.' }),
      blockStop(2),
      messageDelta('end_turn', { output_tokens: 30, output_tokens_details: { thinking_tokens: 20 } }),
      messageStop,
    ),
  ),
  'two tool calls with input in pieces, cache tokens': synthetic(
    events(
      messageStart({ input_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 7 }),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'Calling.' }),
      blockStop(0),
      blockStart(1, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} }),
      blockDelta(1, { type: 'input_json_delta', partial_json: '' }),
      blockDelta(1, { type: 'input_json_delta', partial_json: '{"city":' }),
      blockDelta(1, { type: 'input_json_delta', partial_json: '"Rome"}' }),
      blockStop(1),
      blockStart(2, { type: 'tool_use', id: 'toolu_2', name: 'get_time', input: {} }),
      blockStop(2),
      messageDelta('tool_use', { output_tokens: 40, cache_read_input_tokens: 120 }),
      messageStop,
    ),
  ),
  'a tool call with its input in the block start': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Oslo' } }),
      blockStop(0),
      messageDelta('tool_use'),
      messageStop,
    ),
  ),
  'a tool call pre-filled in message_start': synthetic(
    events(
      messageStart(undefined, {
        content: [{ type: 'tool_use', id: 'toolu_9', name: 'get_time', input: { tz: 'UTC' } }],
      }),
      messageDelta('tool_use'),
      messageStop,
    ),
  ),
  'iterations in the usage': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'x' }),
      blockStop(0),
      messageDelta('end_turn', {
        output_tokens: 9,
        iterations: [
          { type: 'message', input_tokens: 3, output_tokens: 4 },
          { type: 'compaction', input_tokens: 2, output_tokens: 1 },
        ],
      }),
      messageStop,
    ),
  ),
  'refusal, max_tokens and unknown stop reasons': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'no' }),
      blockStop(0),
      messageDelta('refusal'),
      messageStop,
    ),
  ),
  max_tokens: synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'cut' }),
      messageDelta('max_tokens'),
      messageStop,
    ),
  ),
  'an unknown stop reason': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'x' }),
      messageDelta('something_new'),
      messageStop,
    ),
  ),
  'no message_stop': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'cut' }),
    ),
  ),
  'an overloaded error as the first event': synthetic(
    events(['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]),
  ),
  'an api error as the first event': synthetic(
    events(['error', { type: 'error', error: { type: 'api_error', message: 'Internal' } }]),
  ),
  'an error after a ping only': synthetic(
    events(ping, ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]),
  ),
  'an error after message_start': synthetic(
    events(messageStart(), [
      'error',
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded', extra: 1 } },
    ]),
  ),
  'an error mid-text': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'part' }),
      ['error', { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } }],
    ),
  ),
  'malformed JSON first': synthetic(events(['message_start', '{not json'])),
  'malformed JSON mid-stream': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'a' }),
      ['content_block_delta', '{"type":'],
      blockDelta(0, { type: 'text_delta', text: 'b' }),
      messageDelta('end_turn'),
      messageStop,
    ),
  ),
  'an unknown event type mid-stream': synthetic(
    events(
      messageStart(),
      ['novel', { type: 'novel_event' }],
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'b' }),
      messageDelta('end_turn'),
      messageStop,
    ),
  ),
  'a second message_start while one is open': synthetic(
    events(
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'a' }),
      ['message_start', { type: 'message_start', message: { id: 'msg_2', usage: { input_tokens: 1 } } }],
      blockDelta(0, { type: 'text_delta', text: 'b' }),
    ),
  ),
  'the same message_start twice': synthetic(
    events(
      messageStart(),
      messageStart(),
      blockStart(0, { type: 'text', text: '' }),
      blockDelta(0, { type: 'text_delta', text: 'a' }),
      messageDelta('end_turn'),
      messageStop,
    ),
  ),
  'an empty body': synthetic(''),
});

const GOOGLE: Protocol = {
  name: 'Gemini',
  model: 'gemini-2.5-flash',
  wire: googleWire,
  sdk(fetch, baseURL) {
    const client = createGoogleGenerativeAI({ apiKey: 'test', baseURL, fetch });
    return (id) => client.languageModel(id);
  },
};

const gem = (
  parts: Record<string, unknown>[] | null,
  finishReason?: string,
  extra: Record<string, unknown> = {},
) => ({
  candidates: [
    {
      content: parts ? { role: 'model', parts } : undefined,
      ...(finishReason ? { finishReason } : {}),
      index: 0,
    },
  ],
  modelVersion: 'gemini-2.5-flash',
  responseId: 'r1',
  ...extra,
});
const gemUsage = { usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 5, totalTokenCount: 13 } };

protocolSuite(GOOGLE, () => startFakeGemini(), {
  'text, thoughts and usage': synthetic(
    sse(
      gem([{ text: 'Thinking about it', thought: true }]),
      gem([{ text: 'Answer' }, { text: '', thoughtSignature: 'sig' }]),
      gem([{ text: ' done.' }], 'STOP', {
        usageMetadata: {
          promptTokenCount: 8,
          candidatesTokenCount: 5,
          thoughtsTokenCount: 3,
          cachedContentTokenCount: 2,
        },
      }),
    ),
  ),
  'a function call (STOP becomes tool-calls)': synthetic(
    sse(
      gem([{ text: 'Calling.' }]),
      gem([{ functionCall: { id: 'fc1', name: 'get_weather', args: { city: 'Rome' } } }], 'STOP', gemUsage),
    ),
  ),
  'a function call without arguments, and one with string args': synthetic(
    sse(
      gem(
        [
          { functionCall: { id: 'fc1', name: 'get_time' } },
          { functionCall: { id: 'fc2', name: 'get_weather', args: '{"city":"Oslo"}' } },
        ],
        'STOP',
      ),
    ),
  ),
  'a part with a function call and text': synthetic(
    sse(gem([{ functionCall: { id: 'fc1', name: 'get_time', args: {} }, text: 'ignored' }], 'STOP')),
  ),
  'an inline image part with text': synthetic(
    sse(
      gem(
        [{ inlineData: { mimeType: 'image/png', data: 'AAAA' }, text: 'hidden' }, { text: 'shown' }],
        'STOP',
      ),
    ),
  ),
  'server tool call and result': synthetic(
    sse(
      gem(
        [
          { toolCall: { toolType: 'GOOGLE_SEARCH', id: 'st1', args: { q: 'x' } } },
          { toolResponse: { toolType: 'GOOGLE_SEARCH', id: 'st1', response: { hits: 1 } } },
          { text: 'found' },
        ],
        'STOP',
      ),
    ),
  ),
  'code execution with a result': synthetic(
    sse(
      gem([{ executableCode: { language: 'PYTHON', code: 'print(1)' } }]),
      gem(
        [{ codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1' } }, { text: 'it printed 1' }],
        'STOP',
      ),
    ),
  ),
  'a blocked prompt': synthetic(
    sse({ promptFeedback: { blockReason: 'SAFETY', safetyRatings: [] }, ...gemUsage }),
  ),
  'a blocked prompt with an unspecified reason': synthetic(
    sse({ promptFeedback: { blockReason: 'BLOCK_REASON_UNSPECIFIED' } }, gem([{ text: 'ok' }], 'STOP')),
  ),
  'SAFETY, MAX_TOKENS, MALFORMED_FUNCTION_CALL and unknown finishes': synthetic(
    sse(gem([{ text: 'cut' }], 'SAFETY')),
  ),
  MAX_TOKENS: synthetic(sse(gem([{ text: 'cut' }], 'MAX_TOKENS', gemUsage))),
  MALFORMED_FUNCTION_CALL: synthetic(sse(gem([{ text: 'x' }], 'MALFORMED_FUNCTION_CALL'))),
  'an unknown finish': synthetic(sse(gem([{ text: 'x' }], 'SOMETHING_NEW'))),
  'no finish reason': synthetic(sse(gem([{ text: 'x' }]))),
  'an error object in the stream': synthetic(
    sse(gem([{ text: 'part' }]), {
      error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED', details: [] },
    }),
  ),
  'an error object without a code': synthetic(
    sse({ error: { code: null, message: 'Unavailable', status: 'UNAVAILABLE' } }),
  ),
  'an error object with an unknown status': synthetic(
    sse({ error: { code: null, message: 'Odd', status: 'WHATEVER' } }),
  ),
  'a chunk of the wrong shape': synthetic(
    sse(gem([{ text: 'a' }]), { candidates: 'nope' }, gem([{ text: 'b' }], 'STOP')),
  ),
  'a text part that is a number': synthetic(sse(gem([{ text: 5 }]), gem([{ text: 'b' }], 'STOP'))),
  'malformed JSON': synthetic(`data: {"candidates":\n\n${sse(gem([{ text: 'b' }], 'STOP'))}`),
  'an empty body': synthetic(''),
});

describe('Gemini CONTINUATION: the wire route sends the request again as the SDK does', () => {
  const first = sse(
    gem([{ text: 'part one' }], 'CONTINUATION', {
      ...gemUsage,
      candidates: [
        {
          content: { role: 'model', parts: [{ text: 'part one' }] },
          finishReason: 'CONTINUATION',
          continuationToken: 'tok1',
        },
      ],
    }),
  );
  const second = sse(gem([{ text: ' and two' }], 'STOP', gemUsage));
  const run = async (answers: (string | number)[], wire: boolean) => {
    const bodies: unknown[] = [];
    let n = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      const a = answers[Math.min(n++, answers.length - 1)]!;
      const rec =
        typeof a === 'number'
          ? synthetic(
              JSON.stringify({ error: { code: a, message: 'refused', status: 'INTERNAL' } }),
              a,
              'application/json',
            )
          : synthetic(a);
      return replayFetch(rec)(input, init);
    };
    const provider = createLanguageModelProvider(
      (id) => GOOGLE.sdk(wire ? tapFetch(fetch) : fetch, 'http://replay/v1beta')(id),
      wire ? { wire: googleWire } : {},
    );
    return { events: await eventsOf(provider, request('hi', GOOGLE.model)), bodies };
  };
  it.each([
    ['continued', [first, second]],
    ['continued twice', [first, first, second]],
    ['the continuation refused', [first, 500]],
    ['the continuation rate limited', [first, 429]],
  ] as const)('%s', async (_name, answers) => {
    const sdk = await run([...answers], false);
    const wire = await run([...answers], true);
    expect(wire.events).toEqual(sdk.events);
    expect(wire.bodies).toEqual(sdk.bodies);
    expect(wire.bodies.length).toBeGreaterThan(1);
  });
});
