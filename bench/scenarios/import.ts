/**
 * Import: a ChatGPT `conversations.json` of BENCH_IMPORT_CONVERSATIONS conversations (default
 * 10,000; six messages each, one question answered twice, so every conversation has a branch)
 * written to disk, then streamed to POST /api/convos/import as multipart, on embedded PGlite.
 * Time to the final report, the server's peak resident memory while importing (sampled every
 * 50 ms from /proc), and the same file a second time (every conversation skipped as already
 * imported).
 */
import { createWriteStream, createReadStream, statSync } from 'node:fs';
import { once } from 'node:events';
import { request } from 'node:http';
import { join } from 'node:path';
import { emit, note } from '../lib/figures.js';
import { startFake } from '../lib/fake.js';
import { knobs } from '../lib/knobs.js';
import { now, register, removeDir, rssKb, serverPidOf, startServer, tempDir } from '../lib/server.js';

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

async function writeExport(path: string, count: number): Promise<number> {
  const out = createWriteStream(path);
  out.write('[');
  for (let i = 0; i < count; i++) {
    if (!out.write(`${i ? ',' : ''}${chatGptConversation(i)}`)) await once(out, 'drain');
  }
  out.end(']');
  await once(out, 'finish');
  return statSync(path).size;
}

/** Streams the file as multipart; resolves with the last event (the report) once the answer ends. */
function upload(
  url: string,
  token: string,
  path: string,
): Promise<{ last: Record<string, unknown>; events: number }> {
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
        let buffer = '';
        let last: Record<string, unknown> = {};
        let events = 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let at: number;
          while ((at = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (data) {
              last = JSON.parse(data.slice(6)) as Record<string, unknown>;
              events++;
            }
          }
        });
        res.on('end', () => resolve({ last, events }));
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
    const bytes = await writeExport(file, count);
    note(`import: ${count} conversations, ${(bytes / 2 ** 20).toFixed(1)} MiB`);
    const server = await startServer({ fakeUrl: fake.url, dataDir: join(dir, 'data') });
    try {
      const account = await register(server.url, 'import');
      const pid = serverPidOf(server);
      const idleRssKb = rssKb(pid);
      let peakKb = idleRssKb;
      const sampler = setInterval(() => {
        peakKb = Math.max(peakKb, rssKb(pid));
      }, 50);
      const t0 = now();
      const first = await upload(server.url, account.token, file);
      const seconds = (now() - t0) / 1000;
      clearInterval(sampler);
      const report = first.last.report as { imported?: number; messages?: number } | undefined;
      if (first.last.final !== true || report?.imported !== count) {
        throw new Error(`import did not finish: ${JSON.stringify(first.last).slice(0, 300)}`);
      }
      const compare = {
        conversations: count,
        messages: report.messages ?? 0,
        file_mib: bytes / 2 ** 20,
        progress_events: first.events - 1,
        idle_rss_mib: idleRssKb / 1024,
      };
      emit({ figure: 'import.pglite.seconds', value: seconds, target: null, unit: 's', compare });
      emit({
        figure: 'import.pglite.conversations_per_s',
        value: count / seconds,
        target: null,
        unit: 'conversations/s',
        compare,
      });
      emit({
        figure: 'import.pglite.peak_rss_mib',
        value: peakKb / 1024,
        target: null,
        unit: 'MiB',
        compare,
      });

      const t1 = now();
      const second = await upload(server.url, account.token, file);
      const again = second.last.report as { imported?: number; skipped?: number } | undefined;
      if (again?.imported !== 0 || again.skipped !== count) {
        throw new Error(`second import was not all skipped: ${JSON.stringify(second.last).slice(0, 300)}`);
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
