/**
 * Relay overhead: one stream at full speed, through the app vs straight from the fake upstream,
 * alternating so both paths see the same machine load. Throughput over a long reply; time to
 * first token over many short ones.
 */
import { askApp, askDirect, countTokens } from '../lib/ask.js';
import { emit, median, note, summary } from '../lib/figures.js';
import { knobs } from '../lib/knobs.js';
import { markdownReply } from '../lib/replies.js';
import { startStack } from '../lib/stack.js';

export async function relay(): Promise<void> {
  const stack = await startStack();
  const { fake, server, account } = stack;
  try {
    const reply = markdownReply(knobs.relayTokens, 7);
    const n = countTokens(reply);
    const short = markdownReply(12, 3);

    const direct = async (text: string) => {
      await fake.enqueue([{ reply: text, tokensPerSecond: 0 }]);
      const r = await askDirect(fake.url, 'relay bench');
      if (r.status !== 200 || r.text !== text) throw new Error(`direct stream broken (${r.status})`);
      return r;
    };
    const relayed = async (text: string) => {
      await fake.enqueue([{ reply: text, tokensPerSecond: 0 }]);
      const r = await askApp(server.url, account.token, 'relay bench');
      if (r.status !== 200 || r.text !== text || !r.final) {
        throw new Error(
          `relayed stream broken (${r.status} ${r.errorBody ?? ''} ${JSON.stringify(r.error)})`,
        );
      }
      return r;
    };

    note(`relay: warm-up, then ${knobs.relayRounds} rounds of a ${n}-token reply at full speed`);
    for (let i = 0; i < 3; i++) {
      await direct(short);
      await relayed(short);
    }
    await direct(markdownReply(2000, 2));
    await relayed(markdownReply(2000, 2));

    const directRates: number[] = [];
    const relayRates: number[] = [];
    const directWall: number[] = [];
    const relayWall: number[] = [];
    for (let round = 0; round < knobs.relayRounds; round++) {
      const d = await direct(reply);
      directRates.push((n / (d.lastTokenAt! - d.firstTokenAt!)) * 1000);
      directWall.push((n / (d.lastTokenAt! - d.startedAt)) * 1000);
      const r = await relayed(reply);
      relayRates.push((n / (r.lastDeltaAt! - r.firstDeltaAt!)) * 1000);
      relayWall.push((n / (r.lastDeltaAt! - r.startedAt)) * 1000);
    }
    const d = median(directRates);
    const r = median(relayRates);
    emit({
      figure: 'relay.tokens_per_s_ratio',
      value: r / d,
      target: '>=0.95',
      unit: 'ratio',
      compare: {
        direct_tokens_per_s: d,
        relay_tokens_per_s: r,
        request_to_last_token_ratio: median(relayWall) / median(directWall),
        reply_tokens: n,
        rounds: knobs.relayRounds,
      },
      note: 'median over rounds of tokens / (last token - first token) at the client',
    });

    const dT: number[] = [];
    const rT: number[] = [];
    for (let i = 0; i < knobs.ttftSamples; i++) {
      const dd = await direct(short);
      dT.push(dd.firstTokenAt! - dd.startedAt);
      const rr = await relayed(short);
      rT.push(rr.firstDeltaAt! - rr.startedAt);
    }
    emit({
      figure: 'relay.ttft_added_ms',
      value: median(rT) - median(dT),
      target: '<=5',
      unit: 'ms',
      compare: { direct: summary(dT), relay: summary(rT) },
      note: 'median time to first token through the app minus straight from the fake (new conversation per ask)',
    });
  } finally {
    await stack.close();
  }
}
