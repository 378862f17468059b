/**
 * Big conversations under concurrency, on the embedded store: a conversation of
 * BENCH_BIG_CONVO_MESSAGES messages opened by BENCH_BIG_CONVO_OPENS clients at once (GET
 * /api/messages/:id, as ten tabs or people opening it), while another user's reply streams at
 * BENCH_BIG_CONVO_TPS tokens/s. Two figures: how long the opens take in all, and the longest pause
 * they cause in the other stream (the largest gap between its delta events while the opens run,
 * less the stream's usual gap, measured before them in the same run).
 */
import { askApp } from '../lib/ask.js';
import { emit, note, percentile, summary } from '../lib/figures.js';
import { knobs } from '../lib/knobs.js';
import { markerReply } from '../lib/replies.js';
import { seed, withPglite } from '../lib/seed.js';
import { api, login, now, register, removeDir, sleep, startServer, tempDir } from '../lib/server.js';
import { startFake } from '../lib/fake.js';

export async function bigConvos(): Promise<void> {
  const messages = knobs.bigConvoMessages;
  const opens = knobs.bigConvoOpens;
  const tps = knobs.bigConvoTps;
  const fake = await startFake();
  const dataDir = tempDir('big-convos');
  try {
    let server = await startServer({ fakeUrl: fake.url, dataDir });
    const reader = await register(server.url, 'big-reader');
    const writer = await register(server.url, 'big-writer');
    await server.stop();
    note(`big-convos: seeding one conversation of ${messages} messages`);
    const seeded = await withPglite(dataDir, (exec) =>
      seed(exec, { userId: reader.userId, conversations: 1, messages, longConvos: [messages] }),
    );
    server = await startServer({ fakeUrl: fake.url, dataDir });
    try {
      const readerToken = await login(server.url, reader);
      const writerToken = await login(server.url, writer);
      const path = `/api/messages/${seeded.longIds[0]}`;
      // Warm: the conversation read once, as a page that was open before would have.
      const warm = await api<unknown[]>(server.url, 'GET', path, { token: readerToken });
      if (warm.status !== 200 || warm.body.length !== messages) {
        throw new Error(`opening the big conversation answered ${warm.status}`);
      }

      // The other user's reply: long enough to cover the baseline, the opens and after.
      const tokens = tps * 20;
      await fake.enqueue([{ reply: markerReply(1, tokens), tokensPerSecond: tps }]);
      const arrivals: number[] = [];
      const streaming = askApp(server.url, writerToken, 'the other user', (_t, at) => arrivals.push(at));
      await sleep(4000);
      const baselineEnd = arrivals.length;

      const t0 = now();
      // The answers are read once the other stream is over: ten bodies of 3.5 MB parsed in this
      // process while it timed the other stream's events would count this process's pauses as the
      // server's (the other user is another person on another machine).
      const answers = await Promise.all(
        Array.from({ length: opens }, () =>
          api<Buffer>(server.url, 'GET', path, { token: readerToken, raw: true }),
        ),
      );
      const t1 = now();
      const outcome = await streaming;
      if (outcome.status !== 200 || !outcome.final) throw new Error('the other stream did not finish');
      const wrong = answers.filter(
        (a) => a.status !== 200 || (JSON.parse(a.body.toString('utf8')) as unknown[]).length !== messages,
      ).length;

      const gaps = (from: number, to: number) => {
        const out: number[] = [];
        for (let i = Math.max(1, from); i < to; i++) out.push(arrivals[i]! - arrivals[i - 1]!);
        return out;
      };
      const baseline = gaps(1, baselineEnd);
      // The deltas that arrived while the opens ran, and the first one after them.
      const first = arrivals.findIndex((at) => at >= t0);
      const after = arrivals.findIndex((at) => at > t1);
      const during = first < 0 ? [] : gaps(first, after < 0 ? arrivals.length : after + 1);
      const usual = percentile(baseline, 50);
      const pause = during.length > 0 ? Math.max(...during) - usual : null;
      const compare = {
        messages,
        opens,
        wrong_answers: wrong,
        each_open_ms: summary(answers.map((a) => a.ms)),
        other_stream_tps: tps,
        usual_gap_ms: usual,
        baseline_gap_p99_ms: percentile(baseline, 99),
        gaps_during: during.length,
      };
      emit({
        figure: 'big_convos.pglite.opens_all_ms',
        value: t1 - t0,
        target: '<=2000',
        unit: 'ms',
        compare,
        note: `${opens} GETs of a ${messages}-message conversation at once, until the last answer`,
      });
      emit({
        figure: 'big_convos.pglite.other_stream_pause_ms',
        value: pause,
        target: '<=50',
        unit: 'ms',
        compare,
        note: "the largest gap in another user's stream while the opens ran, less its median gap before them",
      });
      if (wrong > 0) note(`big-convos: ${wrong} of ${opens} opens answered wrong`);
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
    removeDir(dataDir);
  }
}
