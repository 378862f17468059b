/**
 * Wire cost: bytes of the app's event stream for one reply, against the reply's own UTF-8 size.
 * Delta events only (event/id/data lines included), and the whole stream (created and final too).
 */
import { askApp, countTokens } from '../lib/ask.js';
import { emit, median, note } from '../lib/figures.js';
import { knobs } from '../lib/knobs.js';
import { markdownReply } from '../lib/replies.js';
import { startStack } from '../lib/stack.js';

export async function wire(): Promise<void> {
  const stack = await startStack();
  const { fake, server, account } = stack;
  try {
    const reply = markdownReply(knobs.wireTokens, 11);
    const replyBytes = Buffer.byteLength(reply);
    const tokens = countTokens(reply);
    const run = async (tps: number) => {
      await fake.enqueue([{ reply, tokensPerSecond: tps }]);
      const r = await askApp(server.url, account.token, 'wire bench');
      if (r.status !== 200 || r.text !== reply || !r.final)
        throw new Error(`wire stream broken (${r.status})`);
      return r;
    };
    await run(0); // warm-up

    const fast = [await run(0), await run(0), await run(0)];
    const deltaRatios = fast.map((r) => r.deltaBytes / replyBytes);
    const totalRatios = fast.map((r) => r.totalBytes / replyBytes);
    const base = { reply_tokens: tokens, reply_bytes: replyBytes, runs: fast.length };
    emit({
      figure: 'wire.full_speed.delta_bytes_ratio',
      value: median(deltaRatios),
      target: '<=1.2',
      unit: 'ratio',
      compare: {
        ...base,
        delta_bytes: median(fast.map((r) => r.deltaBytes)),
        delta_events: median(fast.map((r) => r.deltaEvents)),
        worst: Math.max(...deltaRatios),
      },
    });
    emit({
      figure: 'wire.full_speed.stream_bytes_ratio',
      value: median(totalRatios),
      target: '<=2.5',
      unit: 'ratio',
      compare: {
        ...base,
        stream_bytes: median(fast.map((r) => r.totalBytes)),
        worst: Math.max(...totalRatios),
      },
    });

    note(
      `wire: ${tokens} tokens at ${knobs.wireSlowTps} tokens/s (${(tokens / knobs.wireSlowTps).toFixed(0)} s)`,
    );
    const slow = await run(knobs.wireSlowTps);
    emit({
      figure: `wire.${knobs.wireSlowTps}tps.delta_bytes_ratio`,
      value: slow.deltaBytes / replyBytes,
      target: null,
      unit: 'ratio',
      compare: { ...base, runs: 1, delta_bytes: slow.deltaBytes, delta_events: slow.deltaEvents },
      note: 'reported, no target',
    });
    emit({
      figure: `wire.${knobs.wireSlowTps}tps.stream_bytes_ratio`,
      value: slow.totalBytes / replyBytes,
      target: null,
      unit: 'ratio',
      compare: { ...base, runs: 1, stream_bytes: slow.totalBytes },
    });
  } finally {
    await stack.close();
  }
}
