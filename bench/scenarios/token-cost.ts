/**
 * What a relayed token costs in the provider layer, in process: CPU time per token of
 * `ChatProvider.stream` over each protocol's fake (its own process, full speed), the SDK's own
 * route (every chunk through its web streams) against the wire route (providers/sdk/wire-stream.ts),
 * alternating round by round so both see the same machine load; then the same stream through
 * the rest of the server's per-token path (storable events, the reply hub, the SSE writer into a
 * discarding socket). CPU time rather than wall time: the figure holds on a shared machine.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createLanguageModelProvider } from '../../apps/server/src/providers/sdk/language-model-provider.js';
import { anthropicWire } from '../../apps/server/src/providers/sdk/wire-anthropic.js';
import { googleWire } from '../../apps/server/src/providers/sdk/wire-google.js';
import { openAIChatWire } from '../../apps/server/src/providers/sdk/wire-openai-chat.js';
import { tapFetch, type WireProtocol } from '../../apps/server/src/providers/sdk/wire-stream.js';
import type { ChatProvider, ProviderRequest } from '../../apps/server/src/providers/types.js';
import { countTokens } from '../lib/ask.js';
import { startFake, type FakeHandle, type FakeProtocol } from '../lib/fake.js';
import { emit, median, note } from '../lib/figures.js';
import { knobs } from '../lib/knobs.js';
import { markdownReply } from '../lib/replies.js';
import { relayPath } from '../lib/relay-path.js';

interface Case {
  name: string;
  protocol: FakeProtocol;
  model: string;
  wire: WireProtocol;
  sdk(fetch: typeof globalThis.fetch, baseURL: string): (id: string) => LanguageModelV3;
}

const CASES: Case[] = [
  {
    name: 'openai',
    protocol: 'openai',
    model: 'gpt-4o-mini',
    wire: openAIChatWire,
    sdk: (fetch, baseURL) => {
      const c = createOpenAI({ apiKey: 'bench', baseURL, fetch });
      return (id) => c.chat(id);
    },
  },
  {
    name: 'anthropic',
    protocol: 'anthropic',
    model: 'claude-haiku-4-5',
    wire: anthropicWire,
    sdk: (fetch, baseURL) => {
      const c = createAnthropic({ apiKey: 'bench', baseURL, fetch });
      return (id) => c.messages(id);
    },
  },
  {
    name: 'google',
    protocol: 'gemini',
    model: 'gemini-2.5-flash',
    wire: googleWire,
    sdk: (fetch, baseURL) => {
      const c = createGoogleGenerativeAI({ apiKey: 'bench', baseURL, fetch });
      return (id) => c.languageModel(id);
    },
  },
];

/** The provider's stream alone: answers the text. */
async function providerOnly(provider: ChatProvider, request: ProviderRequest): Promise<string> {
  let text = '';
  for await (const e of provider.stream(request, new AbortController().signal))
    if (e.type === 'text') text += e.text;
  return text;
}

/** CPU µs per token of the reply (as the fake cuts it: one chunk per token) over one stream. */
async function measure(
  provider: ChatProvider,
  fake: FakeHandle,
  reply: string,
  model: string,
  path: (provider: ChatProvider, request: ProviderRequest) => Promise<string> = providerOnly,
): Promise<{ usPerToken: number; tokens: number }> {
  await fake.enqueue([{ reply, tokensPerSecond: 0 }]);
  const cpu0 = process.cpuUsage();
  const text = await path(provider, { model, messages: [{ role: 'user', content: 'token cost' }] });
  const cpu = process.cpuUsage(cpu0);
  if (text !== reply)
    throw new Error(`token-cost: the reply came back as ${text.length} of ${reply.length} characters`);
  const tokens = countTokens(reply);
  return { usPerToken: (cpu.user + cpu.system) / Math.max(1, tokens), tokens };
}

export async function tokenCost(): Promise<void> {
  const reply = markdownReply(knobs.costTokens, 11);
  const rounds = knobs.costRounds;
  for (const c of CASES) {
    const fake = await startFake(c.protocol);
    try {
      const sdk = createLanguageModelProvider(c.sdk(globalThis.fetch, fake.url), {});
      const wire = createLanguageModelProvider(c.sdk(tapFetch(), fake.url), { wire: c.wire });
      const runs = {
        sdk: [] as number[],
        wire: [] as number[],
        sdkPath: [] as number[],
        wirePath: [] as number[],
      };
      // Warm-up: JIT and the connection pool.
      for (let i = 0; i < 3; i++) {
        await measure(sdk, fake, markdownReply(500, i), c.model);
        await measure(wire, fake, markdownReply(500, i), c.model);
      }
      let tokens = 0;
      for (let r = 0; r < rounds; r++) {
        runs.sdk.push((await measure(sdk, fake, reply, c.model)).usPerToken);
        const w = await measure(wire, fake, reply, c.model);
        runs.wire.push(w.usPerToken);
        tokens = w.tokens;
        runs.sdkPath.push((await measure(sdk, fake, reply, c.model, relayPath)).usPerToken);
        runs.wirePath.push((await measure(wire, fake, reply, c.model, relayPath)).usPerToken);
      }
      const round2 = (xs: number[]) => xs.map((x) => Math.round(x * 100) / 100);
      emit({
        figure: `token_cost.${c.name}.provider_cpu_us_per_token`,
        value: median(runs.wire),
        target: null,
        unit: 'µs',
        compare: {
          sdk_route_us: median(runs.sdk),
          wire_route_us: median(runs.wire),
          sdk_runs: round2(runs.sdk),
          wire_runs: round2(runs.wire),
          tokens,
          rounds,
        },
        note: 'process CPU per reply token of ChatProvider.stream against the fake at full speed (in process, the client side of the upstream connection included)',
      });
      emit({
        figure: `token_cost.${c.name}.server_path_cpu_us_per_token`,
        value: median(runs.wirePath),
        target: '<=5',
        unit: 'µs',
        compare: {
          sdk_route_us: median(runs.sdkPath),
          wire_route_us: median(runs.wirePath),
          sdk_runs: round2(runs.sdkPath),
          wire_runs: round2(runs.wirePath),
        },
        note: 'the same, through storable events, a reply hub and an SSE writer (bench/lib/relay-path.ts)',
      });
      note(
        `token_cost ${c.name}: sdk ${median(runs.sdk).toFixed(2)} µs, wire ${median(runs.wire).toFixed(2)} µs per token`,
      );
    } finally {
      await fake.close();
    }
  }
}
