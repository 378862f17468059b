import { Worker } from 'node:worker_threads';
import { CODE_LIMITS, CODE_PATHS } from '@chat/contract';

/** A file given to a run (under /mnt/data) or returned from it (written under /mnt/output). */
export interface CodeFile {
  name: string;
  data: Uint8Array;
}

export interface CodeRunResult {
  /** ok: the program ended; error: it raised; timeout: it was stopped; memory: it ran out. */
  status: 'ok' | 'error' | 'timeout' | 'memory';
  stdout: string;
  stderr: string;
  /** stdout and stderr were cut at outputMaxChars. */
  truncated: boolean;
  /** The traceback of what the program raised (error and memory). */
  error?: string;
  files: CodeFile[];
  /** Output files not returned: past maxFiles or larger than maxFileBytes. */
  skipped: string[];
}

export interface CodeRunnerLimits {
  timeoutMs: number;
  memoryMb: number;
  heapMb: number;
  outputMaxChars: number;
  maxFiles: number;
  maxFileBytes: number;
  poolSize: number;
}

interface DoneMessage {
  type: 'done';
  ok: boolean;
  stdout: string;
  stderr: string;
  truncated: boolean;
  error?: string;
  memory: boolean;
  files: CodeFile[];
  skipped: string[];
}

interface RunOptions {
  /** Mounted read-only under /mnt/data. */
  files?: readonly CodeFile[] | undefined;
  /** sys.argv[1:]. */
  args?: readonly string[] | undefined;
  /** Stops the run (the worker is ended); the run rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** A loaded worker, ready for its one program. */
interface Warm {
  worker: Worker;
  ready: Promise<void>;
}

const WORKER_FILE = 'python-worker.mjs';

/**
 * The worker's file: beside this module in the sources, beside main.js in the bundle (which copies
 * it there).
 */
const workerUrl = () => new URL(`./${WORKER_FILE}`, import.meta.url);

/**
 * Python runs, each in a worker of its own that is used once and ended: no variable, module or file
 * of one person's run is there for the next. Loading Pyodide takes seconds, so up to `poolSize`
 * workers are kept loaded ahead; the first is started by the first run, never at start-up. Runs
 * past the pool's size wait their turn.
 */
export function createCodeRunner(overrides: Partial<CodeRunnerLimits> = {}) {
  const limits: CodeRunnerLimits = { ...CODE_LIMITS, ...overrides };
  const warm: Warm[] = [];
  const live = new Set<Worker>();
  let running = 0;
  let closed = false;
  const waiting: (() => void)[] = [];

  const spawn = (): Warm => {
    const worker = new Worker(workerUrl(), {
      workerData: {
        memoryBytes: limits.memoryMb * 1024 * 1024,
        outputMaxChars: limits.outputMaxChars,
        dataDir: CODE_PATHS.data,
        outputDir: CODE_PATHS.output,
      },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
      // The worker sees none of the server's environment (keys, database address).
      env: {},
    });
    live.add(worker);
    worker.once('exit', () => live.delete(worker));
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (msg: { type: string }) => {
        if (msg.type !== 'ready') return;
        worker.off('error', reject);
        worker.off('exit', onExit);
        resolve();
      };
      const onExit = (code: number) => reject(new Error(`The Python worker ended while loading (${code})`));
      worker.once('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', onExit);
    });
    // A warm worker that failed to load is dropped from the pool; its run sees the failure.
    ready.catch(() => {
      const i = warm.findIndex((w) => w.worker === worker);
      if (i >= 0) warm.splice(i, 1);
    });
    return { worker, ready };
  };

  /** Loads workers ahead until the pool is full (running ones count). */
  const refill = () => {
    while (!closed && warm.length + running < limits.poolSize) warm.push(spawn());
  };

  const slot = async () => {
    while (running >= limits.poolSize) await new Promise<void>((r) => waiting.push(r));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
    refill();
  };

  const execute = (w: Warm, code: string, opts: RunOptions) =>
    new Promise<CodeRunResult>((resolve, reject) => {
      const { worker } = w;
      const { signal } = opts;
      let settled = false;
      const finish = (result: CodeRunResult | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const onAbort = () => finish(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      const empty = { stdout: '', stderr: '', truncated: false, files: [], skipped: [] };
      const timer = setTimeout(() => finish({ status: 'timeout', ...empty }), limits.timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (msg: DoneMessage) => {
        if (msg.type !== 'done') return;
        const { ok, memory, stdout, stderr, truncated, error, files: out, skipped } = msg;
        const status = ok ? 'ok' : memory ? 'memory' : 'error';
        finish({ status, stdout, stderr, truncated, ...(error ? { error } : {}), files: out, skipped });
      });
      worker.on('error', (err) => {
        // The JavaScript heap's limit ends the worker with ERR_WORKER_OUT_OF_MEMORY.
        if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          finish({ status: 'memory', ...empty, error: 'MemoryError: the worker ran out of memory' });
        } else finish(err);
      });
      worker.on('exit', () => finish(new Error('The Python worker ended without an answer')));
      worker.postMessage({
        type: 'run',
        code,
        files: opts.files ?? [],
        args: opts.args ?? [],
        maxFiles: limits.maxFiles,
        maxFileBytes: limits.maxFileBytes,
      });
    });

  return {
    /**
     * Runs `code` with `files` under /mnt/data. Resolves with what it printed, raised and wrote;
     * rejects only when the worker itself failed or `signal` aborted.
     */
    async run(code: string, opts: RunOptions = {}): Promise<CodeRunResult> {
      if (closed) throw new Error('The code interpreter is closed');
      opts.signal?.throwIfAborted();
      await slot();
      const w = warm.shift() ?? spawn();
      refill();
      try {
        await w.ready;
        opts.signal?.throwIfAborted();
        return await execute(w, code, opts);
      } finally {
        // Used once, whatever happened (a stop while it loaded included).
        void w.worker.terminate();
        release();
      }
    },

    async close() {
      closed = true;
      warm.length = 0;
      await Promise.all([...live].map((w) => w.terminate()));
    },
  };
}
export type CodeRunner = ReturnType<typeof createCodeRunner>;
