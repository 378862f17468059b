/**
 * A fake upstream in its own process (so it does not share an event loop with the load
 * generator), driven over IPC by bench/lib/fake.ts: OpenAI's protocol, or the one named as the
 * first argument (`anthropic`, `gemini`). With recording on, it timestamps every token of marker
 * replies (tokens " c<k>.<i>", see replies.ts) on the machine-wide monotonic clock.
 */
import {
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
  type FakeScript,
} from '../../tools/fake-upstreams/src/index.js';

type Command =
  | { cmd: 'enqueue'; scripts: FakeScript[] }
  | { cmd: 'reset' }
  | { cmd: 'record'; on: boolean }
  | { cmd: 'collect' }
  | { cmd: 'close' };

const MARKER = /^\s*c(\d+)\.(\d+)$/;
let recording = false;
let times = new Map<number, number[]>();

const start = { openai: startFakeOpenAI, anthropic: startFakeAnthropic, gemini: startFakeGemini };
const protocol = process.argv[2] ?? 'openai';
if (!Object.hasOwn(start, protocol)) throw new Error(`fake-child: unknown protocol ${protocol}`);

const server = await start[protocol as keyof typeof start]({
  port: Number(process.env.FAKE_PORT ?? 0),
  onTokenSent(token) {
    if (!recording) return;
    const at = Number(process.hrtime.bigint()) / 1e6;
    const m = MARKER.exec(token);
    if (!m) return;
    const k = Number(m[1]);
    let list = times.get(k);
    if (!list) times.set(k, (list = []));
    list[Number(m[2])] = at;
  },
});

const send = (msg: unknown) => process.send!(msg);

process.on('message', (raw) => {
  const msg = raw as Command & { seq: number };
  const reply = (data: unknown = {}) => send({ seq: msg.seq, ...(data as object) });
  switch (msg.cmd) {
    case 'enqueue':
      for (const s of msg.scripts) server.enqueue(s);
      return reply();
    case 'reset':
      server.reset();
      return reply();
    case 'record':
      recording = msg.on;
      if (msg.on) times = new Map();
      return reply();
    case 'collect': {
      const out: [number, Float64Array][] = [...times].map(([k, v]) => [k, Float64Array.from(v)]);
      times = new Map();
      return reply({ times: out });
    }
    case 'close':
      void server.close().then(() => {
        reply();
        process.exit(0);
      });
      return;
  }
});
process.on('disconnect', () => process.exit(0));

send({ ready: true, url: server.url, port: server.port });
