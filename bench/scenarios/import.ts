/**
 * Import: a ChatGPT `conversations.json` of BENCH_IMPORT_CONVERSATIONS conversations (default
 * 10,000; six messages each, one question answered twice, so every conversation has a branch)
 * written to disk, then streamed to POST /api/convos/import as multipart, on embedded PGlite; the
 * job is polled until it ends. Time to the report, the server's peak resident memory while
 * importing (sampled every 50 ms from /proc), and the same file a second time (every
 * conversation skipped as already imported).
 *
 * `import-latency`: other users' GET /api/convos while one user imports a BENCH_IMPORT_LATENCY_MB
 * (default 40) MB export: their p95 during the import against the same loop without it.
 */
import { createWriteStream, createReadStream, statSync } from 'node:fs';
import { once } from 'node:events';
import { request } from 'node:http';
import { join } from 'node:path';
import { emit, note, summary } from '../lib/figures.js';
import { startFake } from '../lib/fake.js';
import { knobs } from '../lib/knobs.js';
import {
  api,
  keepAlive,
  now,
  register,
  removeDir,
  rssKb,
  serverPidOf,
  sleep,
  startServer,
  tempDir,
} from '../lib/server.js';

function chatGptConversation(i: number): string {
  const t = 1_700_000_000 + i * 60;
  const node = (
    id: string,
    parent: string | null,
    children: string[],
    role: string | null,
    text: string,
    dt: number,
  ) => ({
    id,
    parent,
    children,
    message:
      role === null
        ? null
        : {
            id,
            author: { role, name: null, metadata: {} },
            create_time: t + dt,
            content: { content_type: 'text', parts: [text] },
            status: 'finished_successfully',
            metadata: role === 'assistant' ? { model_slug: 'gpt-4o' } : {},
          },
  });
  const nodes = [
    node('root', null, ['u1'], null, '', 0),
    node('u1', 'root', ['a1', 'a1b'], 'user', `Question ${i}: how do I keep a sourdough starter alive?`, 1),
    node(
      'a1',
      'u1',
      ['u2'],
      'assistant',
      'Feed it equal weights of flour and water every day. '.repeat(8),
      2,
    ),
    node('a1b', 'u1', [], 'assistant', 'Keep it in the fridge and feed it weekly. '.repeat(8), 3),
    node('u2', 'a1', ['a2'], 'user', 'And if it smells of acetone?', 4),
    node('a2', 'u2', [], 'assistant', 'It is hungry: feed it more often, discard more. '.repeat(6), 5),
  ];
  return JSON.stringify({
    title: `Sourdough ${i}`,
    create_time: t,
    update_time: t + 5,
    mapping: Object.fromEntries(nodes.map((n) => [n.id, n])),
    current_node: 'a2',
    conversation_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    default_model_slug: 'gpt-4o',
  });
}

/** Writes `count` conversations (or as many as reach `minBytes`); the file's size and count. */
async function writeExport(
  path: string,
  count: number,
  minBytes = 0,
): Promise<{ bytes: number; count: number }> {
  const out = createWriteStream(path);
  out.write('[');
  let written = 0;
  let i = 0;
  for (; i < count || written < minBytes; i++) {
    const part = `${i ? ',' : ''}${chatGptConversation(i)}`;
    written += Buffer.byteLength(part);
    if (!out.write(part)) await once(out, 'drain');
  }
  out.end(']');
  await once(out, 'finish');
  return { bytes: statSync(path).size, count: i };
}

interface JobStatus {
  status: string;
  progress: { done: number; total: number };
  report: { imported?: number; skipped?: number; messages?: number } | null;
  error: { message: string } | null;
}

/** Uploads the file, then polls its job every `pollMs` until it ends: the job and how many polls. */
async function importFile(
  url: string,
  token: string,
  path: string,
  pollMs = 200,
): Promise<{ job: JobStatus; polls: number; uploadedAt: number }> {
  const started = await upload(url, token, path);
  const uploadedAt = now();
  const jobId = started.body.jobId;
  if (started.status !== 201 || typeof jobId !== 'string') {
    throw new Error(`import refused: ${started.status} ${JSON.stringify(started.body).slice(0, 300)}`);
  }
  for (let polls = 1; ; polls++) {
    const r = await api<JobStatus>(url, 'GET', `/api/convos/import/jobs/${jobId}`, { token });
    if (r.status !== 200) throw new Error(`job status ${r.status}`);
    if (r.body.status === 'completed' || r.body.status === 'failed')
      return { job: r.body, polls, uploadedAt };
    await sleep(pollMs);
  }
}

/** Streams the file as multipart; resolves with the answer (201 and the job's id). */
function upload(
  url: string,
  token: string,
  path: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const boundary = '----bench-import';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="conversations.json"\r\nContent-Type: application/json\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + statSync(path).size + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/convos/import`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: { text: text.slice(0, 300) } });
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(path);
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

export async function importScenario(): Promise<void> {
  const count = knobs.importConversations;
  const dir = tempDir('import');
  const fake = await startFake();
  try {
    const file = join(dir, 'conversations.json');
    const { bytes } = await writeExport(file, count);
    note(`import: ${count} conversations, ${(bytes / 2 ** 20).toFixed(1)} MiB`);
    const server = await startServer({
      fakeUrl: fake.url,
      dataDir: join(dir, 'data'),
      env: { IMPORT_MAX_FILE_MB: '512' },
    });
    try {
      const account = await register(server.url, 'import');
      const pid = serverPidOf(server);
      const idleRssKb = rssKb(pid);
      let peakKb = idleRssKb;
      const sampler = setInterval(() => {
        peakKb = Math.max(peakKb, rssKb(pid));
      }, 50);
      const t0 = now();
      const first = await importFile(server.url, account.token, file);
      const seconds = (now() - t0) / 1000;
      clearInterval(sampler);
      const report = first.job.report;
      if (first.job.status !== 'completed' || report?.imported !== count) {
        throw new Error(`import did not finish: ${JSON.stringify(first.job).slice(0, 300)}`);
      }
      const compare = {
        conversations: count,
        messages: report.messages ?? 0,
        file_mib: bytes / 2 ** 20,
        upload_s: (first.uploadedAt - t0) / 1000,
        status_polls: first.polls,
        idle_rss_mib: idleRssKb / 1024,
      };
      emit({ figure: 'import.pglite.seconds', value: seconds, target: null, unit: 's', compare });
      emit({
        figure: 'import.pglite.conversations_per_s',
        value: count / seconds,
        target: '>=2000',
        unit: 'conversations/s',
        compare,
      });
      emit({
        figure: 'import.pglite.peak_rss_mib',
        value: peakKb / 1024,
        target: '<=300',
        unit: 'MiB',
        compare,
      });

      const t1 = now();
      const second = await importFile(server.url, account.token, file);
      const again = second.job.report;
      if (again?.imported !== 0 || again.skipped !== count) {
        throw new Error(`second import was not all skipped: ${JSON.stringify(second.job).slice(0, 300)}`);
      }
      emit({
        figure: 'import.pglite.reimport_all_skipped_s',
        value: (now() - t1) / 1000,
        target: null,
        unit: 's',
        compare: { conversations: count },
      });
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
    removeDir(dir);
  }
}

/**
 * Other users' latency during a large import: OTHERS users, each with a page of conversations,
 * ask GET /api/convos in a loop (one request at a time each) for BASELINE_MS without any import,
 * then while one user imports a BENCH_IMPORT_LATENCY_MB MB export, until its job ends.
 */
const OTHERS = 4;
const BASELINE_MS = 10_000;

export async function importLatencyScenario(): Promise<void> {
  const dir = tempDir('import-latency');
  const fake = await startFake();
  try {
    const file = join(dir, 'conversations.json');
    const { bytes, count } = await writeExport(file, 0, knobs.importLatencyMb * 2 ** 20);
    const small = join(dir, 'small.json');
    await writeExport(small, 30);
    note(`import-latency: ${count} conversations, ${(bytes / 2 ** 20).toFixed(1)} MiB`);
    const server = await startServer({ fakeUrl: fake.url, dataDir: join(dir, 'data') });
    try {
      const others: Awaited<ReturnType<typeof register>>[] = [];
      for (let i = 0; i < OTHERS; i++) {
        const account = await register(server.url, `other${i}`);
        // Each has a page of conversations to list, as a user would.
        const seeded = await importFile(server.url, account.token, small, 50);
        if (seeded.job.status !== 'completed') throw new Error('seeding the other users failed');
        others.push(account);
      }
      const importer = await register(server.url, 'importer');

      /** Each other user lists its conversations until `until()` says stop; the latencies. */
      const listUntil = async (until: () => boolean): Promise<number[]> => {
        const latencies: number[] = [];
        await Promise.all(
          others.map(async (account) => {
            while (!until()) {
              const t = now();
              const r = await api(server.url, 'GET', '/api/convos?pageNumber=1', {
                token: account.token,
                agent: keepAlive,
              });
              if (r.status !== 200) throw new Error(`GET /api/convos: ${r.status}`);
              latencies.push(now() - t);
            }
          }),
        );
        return latencies;
      };

      const baselineEnd = now() + BASELINE_MS;
      const baseline = summary(await listUntil(() => now() >= baselineEnd));

      let done = false;
      const t0 = now();
      const importing = importFile(server.url, importer.token, file, 500).finally(() => {
        done = true;
      });
      const during = summary(await listUntil(() => done));
      const { job, uploadedAt } = await importing;
      const seconds = (now() - t0) / 1000;
      if (job.status !== 'completed' || job.report?.imported !== count) {
        throw new Error(`import did not finish: ${JSON.stringify(job).slice(0, 300)}`);
      }
      const compare = {
        file_mib: bytes / 2 ** 20,
        conversations: count,
        messages: job.report.messages ?? 0,
        import_s: seconds,
        upload_s: (uploadedAt - t0) / 1000,
        other_users: OTHERS,
        requests: during.n,
        p50_ms: during.p50,
        p99_ms: during.p99,
        max_ms: during.max,
        baseline_p50_ms: baseline.p50,
        baseline_p95_ms: baseline.p95,
        baseline_requests: baseline.n,
      };
      emit({
        figure: 'import.pglite.others_list_p95_ms',
        value: during.p95,
        target: '<=200',
        unit: 'ms',
        compare,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await fake.close();
    removeDir(dir);
  }
}
