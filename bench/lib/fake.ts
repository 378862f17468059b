/** Parent side of the fake upstream process (bench/lib/fake-child.ts). */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { FakeScript } from '../../tools/fake-upstreams/src/index.js';
import { ROOT } from './server.js';

export interface FakeHandle {
  protocol: FakeProtocol;
  /** The SDK base URL: …/v1 (OpenAI, Anthropic) or …/v1beta (Gemini). */
  url: string;
  port: number;
  pid: number;
  enqueue(scripts: FakeScript[]): Promise<void>;
  reset(): Promise<void>;
  record(on: boolean): Promise<void>;
  /** Send times per marker stream k: times[i] is when token i left the fake (monotonic ms). */
  collect(): Promise<Map<number, Float64Array>>;
  close(): Promise<void>;
}

/** The wire protocols a fake upstream speaks (OpenAI's also serves Azure OpenAI's paths). */
export type FakeProtocol = 'openai' | 'anthropic' | 'gemini';

export async function startFake(protocol: FakeProtocol = 'openai'): Promise<FakeHandle> {
  const child: ChildProcess = fork(join(ROOT, 'bench/lib/fake-child.ts'), [protocol], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  const ready = new Promise<{ url: string; port: number }>((res, rej) => {
    child.once('exit', (code) => rej(new Error(`fake upstream exited (${code})`)));
    child.on('message', (raw) => {
      const m = raw as Record<string, unknown>;
      if (m.ready) return res(m as unknown as { url: string; port: number });
      const fn = waiting.get(m.seq as number);
      if (fn) {
        waiting.delete(m.seq as number);
        fn(m);
      }
    });
  });
  const { url, port } = await ready;
  const call = (msg: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((res) => {
      const id = ++seq;
      waiting.set(id, res);
      child.send({ ...msg, seq: id });
    });

  return {
    protocol,
    url,
    port,
    pid: child.pid!,
    enqueue: async (scripts) => {
      // IPC messages stay modest: a few thousand scripts at a time.
      for (let i = 0; i < scripts.length; i += 500) {
        await call({ cmd: 'enqueue', scripts: scripts.slice(i, i + 500) });
      }
    },
    reset: async () => void (await call({ cmd: 'reset' })),
    record: async (on) => void (await call({ cmd: 'record', on })),
    collect: async () => {
      const m = await call({ cmd: 'collect' });
      return new Map(m.times as [number, Float64Array][]);
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.send({ cmd: 'close', seq: ++seq });
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    },
  };
}
