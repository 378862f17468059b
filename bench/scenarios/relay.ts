/**
 * Relay overhead: one stream at full speed, through the app vs straight from the fake upstream,
 * alternating so both paths see the same machine load. Throughput over a long reply; time to
 * first token over many short ones. Measured for the openAI, anthropic and google endpoints side
 * by side in one run, each against the fake of its own protocol (a round takes each endpoint in
 * turn), so the three sets of figures share the machine's load too.
 */
import { askApp, askDirect, countTokens, type AskOutcome, type DirectOutcome } from '../lib/ask.js';
import type { FakeHandle, FakeProtocol } from '../lib/fake.js';
import { emit, median, note, summary } from '../lib/figures.js';
import { knobs } from '../lib/knobs.js';
import { markdownReply } from '../lib/replies.js';
import { sleep, type BenchEndpoint } from '../lib/server.js';
import { startStack } from '../lib/stack.js';

/** One endpoint under test: its fake, and the two ways of asking for a reply. */
interface RelayPath {
  endpoint: BenchEndpoint;
  /** `relay.` for openAI (the figures' original names), `relay.<endpoint>.` for the others. */
  prefix: string;
  protocol: FakeProtocol;
  direct(text: string): Promise<DirectOutcome>;
  relayed(text: string): Promise<AskOutcome>;
}

/** The idle time before each ask of the after-idle first-token figure. */
const IDLE_PAUSE_MS = 30;

export async function relay(): Promise<void> {
  const stack = await startStack({ providers: true });
  const { fake, server, account, providers } = stack;
  try {
    const reply = markdownReply(knobs.relayTokens, 7);
    const n = countTokens(reply);
    const short = markdownReply(12, 3);

    const path = (endpoint: BenchEndpoint, upstream: FakeHandle, prefix: string): RelayPath => ({
      endpoint,
      prefix,
      protocol: upstream.protocol,
      async direct(text) {
        await upstream.enqueue([{ reply: text, tokensPerSecond: 0 }]);
        const r = await askDirect(upstream.url, 'relay bench', upstream.protocol);
        if (r.status !== 200 || r.text !== text) {
          throw new Error(`${endpoint}: direct stream broken (${r.status})`);
        }
        return r;
      },
      async relayed(text) {
        await upstream.enqueue([{ reply: text, tokensPerSecond: 0 }]);
        const r = await askApp(server.url, account.token, 'relay bench', undefined, endpoint);
        if (r.status !== 200 || r.text !== text || !r.final) {
          throw new Error(
            `${endpoint}: relayed stream broken (${r.status} ${r.errorBody ?? ''} ${JSON.stringify(r.error)}` +
              `${r.text === text ? '' : `, ${r.text.length} of ${text.length} characters`})`,
          );
        }
        return r;
      },
    });
    const paths: RelayPath[] = [
      path('openAI', fake, 'relay.'),
      path('anthropic', providers!.anthropic, 'relay.anthropic.'),
      path('google', providers!.gemini, 'relay.google.'),
    ];

    note(
      `relay: warm-up, then ${knobs.relayRounds} rounds of a ${n}-token reply at full speed on ` +
        paths.map((p) => p.endpoint).join(', '),
    );
    for (const p of paths) {
      for (let i = 0; i < 3; i++) {
        await p.direct(short);
        await p.relayed(short);
      }
      await p.direct(markdownReply(2000, 2));
      await p.relayed(markdownReply(2000, 2));
    }

    const rates = paths.map(() => ({
      direct: [] as number[],
      relay: [] as number[],
      directWall: [] as number[],
      relayWall: [] as number[],
    }));
    for (let round = 0; round < knobs.relayRounds; round++) {
      for (const [i, p] of paths.entries()) {
        const d = await p.direct(reply);
        rates[i]!.direct.push((n / (d.lastTokenAt! - d.firstTokenAt!)) * 1000);
        rates[i]!.directWall.push((n / (d.lastTokenAt! - d.startedAt)) * 1000);
        const r = await p.relayed(reply);
        rates[i]!.relay.push((n / (r.lastDeltaAt! - r.firstDeltaAt!)) * 1000);
        rates[i]!.relayWall.push((n / (r.lastDeltaAt! - r.startedAt)) * 1000);
      }
    }
    for (const [i, p] of paths.entries()) {
      const { direct, relay: relayed, directWall, relayWall } = rates[i]!;
      const d = median(direct);
      const r = median(relayed);
      emit({
        figure: `${p.prefix}tokens_per_s_ratio`,
        value: r / d,
        target: '>=0.95',
        unit: 'ratio',
        compare: {
          endpoint: p.endpoint,
          direct_tokens_per_s: d,
          relay_tokens_per_s: r,
          request_to_last_token_ratio: median(relayWall) / median(directWall),
          reply_tokens: n,
          rounds: knobs.relayRounds,
        },
        note: `median over rounds of tokens / (last token - first token) at the client; direct = the ${p.protocol} fake's own stream`,
      });
    }

    // Back to back (each ask as soon as the previous reply ended: the target's figure), then after
    // a pause before every ask, as a person asks (a report: each process that slept wakes up).
    for (const pause of [0, IDLE_PAUSE_MS]) {
      const samples = pause ? Math.ceil(knobs.ttftSamples / 2) : knobs.ttftSamples;
      const ttft = paths.map(() => ({ direct: [] as number[], relay: [] as number[] }));
      for (let s = 0; s < samples; s++) {
        for (const [i, p] of paths.entries()) {
          // Back to back means no wait at all (a zero timer is still a turn of the event loop).
          if (pause) await sleep(pause);
          const d = await p.direct(short);
          ttft[i]!.direct.push(d.firstTokenAt! - d.startedAt);
          if (pause) await sleep(pause);
          const r = await p.relayed(short);
          ttft[i]!.relay.push(r.firstDeltaAt! - r.startedAt);
        }
      }
      for (const [i, p] of paths.entries()) {
        const { direct, relay: relayed } = ttft[i]!;
        emit({
          figure: pause ? `${p.prefix}ttft_added_after_idle_ms` : `${p.prefix}ttft_added_ms`,
          value: median(relayed) - median(direct),
          target: pause ? '<=3' : '<=2',
          unit: 'ms',
          compare: {
            endpoint: p.endpoint,
            direct: summary(direct),
            relay: summary(relayed),
            pause_ms: pause,
          },
          note: pause
            ? `as ttft_added_ms, with ${pause} ms of idle before each ask (direct and relayed alike)`
            : `median time to first token through the app minus straight from the ${p.protocol} fake (new conversation per ask)`,
        });
      }
    }
  } finally {
    await stack.close();
  }
}
