import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  IMPORT_JOB_LIMITS,
  IMPORT_LIMITS,
  type ConvosPage,
  type ImportJob,
  type ImportReport,
  type Message,
} from '@chat/contract';
import { buildApp } from '../../app.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import { openDatabase } from '../../db/client.js';
import { importJobChunks, importJobs } from '../../db/schema.js';
import {
  authed,
  registerUser,
  startTestApp,
  type Harness,
  type TestUser,
} from '../../../test/support/harness.js';
import {
  chatGptConversation,
  chatGptToolsConversation,
  flatExport,
  libreChatOneBranchExport,
  libreChatRecursiveExport,
  libreChatTreeExport,
} from './test/fixtures.js';

let h: Harness;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  h = await startTestApp();
  alice = await registerUser(h.url, 'Alice');
  bob = await registerUser(h.url, 'Bob');
});
afterAll(() => h.close());

/** Posts `body` as the multipart field `file`: the answer's status and JSON body. */
async function startImport(user: TestUser, body: string | Blob, field = 'file', url = h.url) {
  const form = new FormData();
  form.append(
    field,
    typeof body === 'string' ? new Blob([body], { type: 'application/json' }) : body,
    'export.json',
  );
  const res = await fetch(`${url}/api/convos/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { jobId?: string; code?: string; message: string },
  };
}

async function jobOf(user: TestUser, jobId: string, url = h.url): Promise<ImportJob> {
  const res = await authed(url, user.token)(`/api/convos/import/jobs/${jobId}`);
  if (res.status !== 200) throw new Error(`job status ${res.status}`);
  return (await res.json()) as ImportJob;
}

const ended = (job: ImportJob) => job.status === 'completed' || job.status === 'failed';

/** Polls the job until it ends. */
async function waitForJob(user: TestUser, jobId: string, url = h.url): Promise<ImportJob> {
  for (;;) {
    const job = await jobOf(user, jobId, url);
    if (ended(job)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Imports a file and waits for its job: the POST's status and the ended job (null when refused). */
async function importFile(user: TestUser, body: string | Blob, field = 'file') {
  const started = await startImport(user, body, field);
  if (started.status !== 201) return { status: started.status, job: null };
  return { status: started.status, job: await waitForJob(user, started.body.jobId!) };
}

const finalOf = ({ job }: { job: ImportJob | null }): ImportReport => {
  if (job?.status !== 'completed' || !job.report) throw new Error(`not completed: ${JSON.stringify(job)}`);
  return job.report;
};
const errorOf = ({ job }: { job: ImportJob | null }) => {
  if (job?.status !== 'failed' || !job.error) throw new Error(`not failed: ${JSON.stringify(job)}`);
  return { ...job.error, report: job.report };
};

/** A ChatGPT export of `n` conversations of four messages each (`tag` keeps their ids apart). */
const manyConversations = (n: number, tag = 0) =>
  JSON.stringify(
    Array.from({ length: n }, (_, i) =>
      chatGptConversation(
        `c0ffee00-0000-4000-8${tag}00-${i.toString(16).padStart(12, '0')}`,
        `Conversation ${i}`,
      ),
    ),
  );

/** A report without the new conversations' ids (they differ from one import to the next). */
const withoutIds = (report: ImportReport) => ({
  ...report,
  items: report.items.map(({ conversationId: _id, ...rest }) => rest),
});

async function listTitles(user: TestUser): Promise<string[]> {
  const page = (await (await authed(h.url, user.token)('/api/convos?pageNumber=1')).json()) as ConvosPage;
  return page.conversations.map((c) => c.title);
}
async function messagesOf(user: TestUser, conversationId: string): Promise<Message[]> {
  return (await (await authed(h.url, user.token)(`/api/messages/${conversationId}`)).json()) as Message[];
}

describe('POST /api/convos/import', () => {
  it('imports a ChatGPT export with its branches as a tree, once', async () => {
    const user = await registerUser(h.url, 'Chat Importer');
    const file = JSON.stringify([
      chatGptConversation(),
      chatGptConversation('c0ffee00-0000-4000-8000-00000000000f', 'Second'),
    ]);
    const first = await importFile(user, file);
    expect(first.status).toBe(201);
    const report = finalOf(first);
    expect(report).toMatchObject({ format: 'chatgpt', imported: 2, skipped: 0, messages: 10 });
    const id = report.items[0]!.conversationId!;
    const messages = await messagesOf(user, id);
    const byText = new Map(messages.map((m) => [m.text, m]));
    const question = byText.get('Where should I go in May?')!;
    expect(question.parentMessageId).toBe('00000000-0000-0000-0000-000000000000');
    // Both answers hang from the question, the second through the tool's result: the branch is kept.
    expect(byText.get('Lisbon is lovely in May.')!.parentMessageId).toBe(question.messageId);
    expect(byText.get('search results…')!.parentMessageId).toBe(question.messageId);
    expect(byText.get('Try Kyoto: mild weather.')!.parentMessageId).toBe(
      byText.get('search results…')!.messageId,
    );
    expect(byText.get('🖼️ `file-service://x` (800×600)\n\nAnd in June?')!.parentMessageId).toBe(
      byText.get('Try Kyoto: mild weather.')!.messageId,
    );
    expect(messages.every((m) => m.conversationId === id)).toBe(true);

    const again = finalOf(await importFile(user, file));
    expect(again).toMatchObject({ imported: 0, skipped: 2, skippedByReason: { already_imported: 2 } });
    expect((await listTitles(user)).sort()).toEqual(['Second', 'Trip planning']);
  });

  it('imports LibreChat exports (tree and list) and a single-object file', async () => {
    const user = await registerUser(h.url, 'Libre Importer');
    const report = finalOf(await importFile(user, JSON.stringify([libreChatTreeExport(), flatExport()])));
    expect(report).toMatchObject({ format: 'librechat', imported: 2, messages: 5 });
    const tree = await messagesOf(user, report.items[0]!.conversationId!);
    const root = tree.find((m) => m.isCreatedByUser)!;
    expect(
      tree
        .filter((m) => m.parentMessageId === root.messageId)
        .map((m) => m.text)
        .sort(),
    ).toEqual(['Pumpkin soup: …', 'Tomato soup: …']);
    const convo = await (
      await authed(h.url, user.token)(`/api/convos/${report.items[1]!.conversationId}`)
    ).json();
    expect(convo).toMatchObject({ endpoint: 'anthropic', model: 'claude-1', topK: 5, title: 'Flat one' });

    // One conversation as the whole file (the export dialog's json of one conversation).
    const single = finalOf(
      await importFile(user, JSON.stringify(flatExport('0f1a0000-0000-4000-8000-0000000000aa'))),
    );
    expect(single).toMatchObject({ imported: 1 });
    const twice = finalOf(
      await importFile(user, JSON.stringify(flatExport('0f1a0000-0000-4000-8000-0000000000aa'))),
    );
    expect(twice).toMatchObject({ imported: 0, skippedByReason: { already_imported: 1 } });
  });

  it("imports LibreChat's recursive export whole, every root and branch, and its one-branch list", async () => {
    const user = await registerUser(h.url, 'Recursive Importer');
    const file = JSON.stringify([libreChatRecursiveExport(), libreChatOneBranchExport()]);
    const report = finalOf(await importFile(user, file));
    expect(report).toMatchObject({ format: 'librechat', imported: 2, skipped: 0, messages: 11 });
    expect(report.items.map((i) => [i.title, i.messages])).toEqual([
      ['Garden planning', 7],
      ['Packing list', 4],
    ]);
    const tree = await messagesOf(user, report.items[0]!.conversationId!);
    const byId = new Map(tree.map((m) => [m.messageId, m]));
    // Each message with its parent's text, the roots with none.
    const links = tree
      .map((m) => [m.text.split('\n')[0], byId.get(m.parentMessageId)?.text.split('\n')[0] ?? null])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(links).toEqual(
      [
        ['What grows in shade?', null],
        ['Ferns and hostas.', 'What grows in shade?'],
        ['And edible ones?', 'Ferns and hostas.'],
        ['Lettuce and mint.', 'And edible ones?'],
        ['> 💭 The person wants food plants.', 'And edible ones?'],
        ['What grows in deep shade?', null],
        ['Moss, mostly.', 'What grows in deep shade?'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const list = await messagesOf(user, report.items[1]!.conversationId!);
    expect(list.map((m) => m.text)).toEqual([
      'Pack for two days of hiking',
      'Boots, water, a map.',
      'And if it rains?',
      'A shell jacket.',
    ]);
  });

  it('adds what a newer export of an imported conversation gained; the same file again adds nothing', async () => {
    const user = await registerUser(h.url, 'Re-importer');
    // The older copies: the ChatGPT one before its follow-up question, the LibreChat one before
    // its second root and before the regenerated answer.
    const newer = chatGptConversation('c0ffee00-0000-4000-8000-00000000a001', 'Growing');
    // The new message holds a part that cannot be shown: reported with the update.
    const u2 = newer.mapping.u2!.message as { content: { parts: unknown[] } };
    u2.content.parts.push({ content_type: 'hologram' });
    const older = structuredClone(newer);
    delete (older.mapping as Record<string, unknown>).u2;
    (older.mapping.a2 as { children: string[] }).children = [];
    const libreNewer = libreChatRecursiveExport('a9e50000-0000-4000-8000-00000000a002');
    const libreOlder = structuredClone(libreNewer);
    libreOlder.messages.pop();
    const edible = (libreOlder.messages[0]!.children[0] as { children: { children: unknown[] }[] })
      .children[0]!;
    edible.children.pop();

    const first = finalOf(await importFile(user, JSON.stringify([older, libreOlder])));
    expect(first).toMatchObject({ imported: 2, updated: 0, messages: 4 + 4 });
    const [chatId, libreId] = first.items.map((i) => i.conversationId!);
    const before = await messagesOf(user, chatId!);

    const second = finalOf(await importFile(user, JSON.stringify([newer, libreNewer])));
    expect(second).toMatchObject({ imported: 0, updated: 2, skipped: 0, messages: 0, addedMessages: 1 + 3 });
    expect(second.skippedParts).toEqual({ unsupported_content: 1 });
    expect(second.items).toEqual([
      {
        index: 0,
        title: 'Growing',
        status: 'updated',
        conversationId: chatId,
        messages: 1,
        skippedParts: { unsupported_content: 1 },
      },
      { index: 1, title: 'Garden planning', status: 'updated', conversationId: libreId, messages: 3 },
    ]);
    const after = await messagesOf(user, chatId!);
    expect(after).toHaveLength(5);
    // The messages imported before are untouched; the new one hangs from its parent among them.
    for (const m of before) expect(after.find((a) => a.messageId === m.messageId)).toEqual(m);
    const kyoto = before.find((m) => m.text === 'Try Kyoto: mild weather.')!;
    expect(after.find((m) => !before.some((b) => b.messageId === m.messageId))).toMatchObject({
      parentMessageId: kyoto.messageId,
      isCreatedByUser: true,
    });
    const garden = await messagesOf(user, libreId!);
    expect(garden.map((m) => m.text.split('\n')[0]).sort()).toEqual(
      [
        'What grows in shade?',
        'Ferns and hostas.',
        'And edible ones?',
        'Lettuce and mint.',
        '> 💭 The person wants food plants.',
        'What grows in deep shade?',
        'Moss, mostly.',
      ].sort(),
    );
    expect((await listTitles(user)).sort()).toEqual(['Garden planning', 'Growing']);

    const third = finalOf(await importFile(user, JSON.stringify([newer, libreNewer])));
    expect(third).toMatchObject({
      imported: 0,
      updated: 0,
      messages: 0,
      addedMessages: 0,
      skipped: 2,
      skippedByReason: { already_imported: 2 },
      skippedParts: {},
    });
    expect(await messagesOf(user, chatId!)).toHaveLength(5);
    expect(await messagesOf(user, libreId!)).toHaveLength(7);
  });

  it('imports ChatGPT tool calls, images, attachments and citations readably, and reports what it left out', async () => {
    const user = await registerUser(h.url, 'Tools Importer');
    const report = finalOf(await importFile(user, JSON.stringify([chatGptToolsConversation()])));
    expect(report).toMatchObject({
      imported: 1,
      messages: 6,
      skippedParts: { hidden: 1, unsupported_content: 1 },
    });
    expect(report.items[0]).toMatchObject({
      status: 'imported',
      skippedParts: { hidden: 1, unsupported_content: 1 },
    });
    const id = report.items[0]!.conversationId!;
    const texts = (await messagesOf(user, id)).map((m) => [m.sender, m.text]);
    expect(texts).toContainEqual(['python', '```\n0.75\n```']);
    expect(texts).toContainEqual([
      'ChatGPT',
      'Rest it overnight ([Overnight \\[cold\\] proof](https://bakers.example/proof)) and bake hot.',
    ]);
    expect(texts.find(([, t]) => t!.includes('sourdough.pdf'))).toBeDefined();
    // No creation time of its own: its first message's.
    const convo = (await (await authed(h.url, user.token)(`/api/convos/${id}`)).json()) as {
      createdAt: string;
    };
    expect(convo.createdAt).toBe(new Date(1_710_000_010_000).toISOString());
  });

  it('keeps a complete imported reply finished (no Continue), and an unfinished or failed one as it was', async () => {
    const user = await registerUser(h.url, 'Finish Importer');
    const flat = flatExport('0f1a0000-0000-4000-8000-0000000000f1');
    const reply = flat.messages[1]!;
    const file = JSON.stringify([
      flat,
      {
        ...flatExport('0f1a0000-0000-4000-8000-0000000000f2'),
        messages: [
          flat.messages[0]!,
          { ...reply, messageId: 'x2', unfinished: true },
          { ...reply, messageId: 'x3', parentMessageId: 'x1', error: true },
          { ...reply, messageId: 'x4', parentMessageId: 'x1', finish_reason: 'length' },
        ],
      },
      chatGptConversation('c0ffee00-0000-4000-8000-0000000000f3'),
    ]);
    const report = finalOf(await importFile(user, file));
    const [complete, marked, chatgpt] = await Promise.all(
      report.items.map((item) => messagesOf(user, item.conversationId!)),
    );
    const reasons = (list: Message[] | undefined) =>
      (list ?? []).map((m) => [m.isCreatedByUser ? 'user' : m.text, m.finish_reason ?? null]);
    expect(reasons(complete)).toEqual([
      ['user', null],
      ['Hi!', 'stop'],
    ]);
    // Same time for the three replies: compared in a fixed order, not the answer's.
    expect(
      (marked ?? [])
        .map((m) => JSON.stringify([m.isCreatedByUser, m.unfinished, m.error, m.finish_reason ?? null]))
        .sort(),
    ).toEqual(
      [
        [true, false, false, null],
        [false, true, false, null],
        [false, false, true, null],
        [false, false, false, 'length'],
      ]
        .map((r) => JSON.stringify(r))
        .sort(),
    );
    expect((chatgpt ?? []).filter((m) => !m.isCreatedByUser).every((m) => m.finish_reason === 'stop')).toBe(
      true,
    );
    expect((chatgpt ?? []).filter((m) => m.isCreatedByUser).every((m) => m.finish_reason == null)).toBe(true);
  });

  it('imports into the caller only: the same file is new for another user, and ids are never reused', async () => {
    const file = JSON.stringify([libreChatTreeExport('5a7e0000-0000-4000-8000-0000000000b1')]);
    const a = finalOf(await importFile(alice, file));
    const b = finalOf(await importFile(bob, file));
    expect(a.imported).toBe(1);
    expect(b.imported).toBe(1);
    expect(a.items[0]!.conversationId).not.toBe(b.items[0]!.conversationId);
    // Bob cannot read Alice's imported conversation.
    const res = await authed(h.url, bob.token)(`/api/messages/${a.items[0]!.conversationId}`);
    expect(res.status).toBe(404);
    const anonymous = await fetch(`${h.url}/api/convos/import`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });

  it('reports skipped conversations, and a malformed file leaves only whole conversations', async () => {
    const user = await registerUser(h.url, 'Malformed');
    const good = JSON.stringify(chatGptConversation('c0ffee00-0000-4000-8000-0000000000c1', 'Good one'));
    const broken = JSON.stringify(chatGptConversation('c0ffee00-0000-4000-8000-0000000000c2', 'Cut')).slice(
      0,
      300,
    );
    const result = await importFile(user, `[${good}, {"title":"Nothing"}, ${broken}`);
    expect(result.status).toBe(201);
    const error = errorOf(result);
    expect(error).toMatchObject({ code: 'validation_error' });
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.report).toMatchObject({ imported: 1, skipped: 1, skippedByReason: { unknown_format: 1 } });
    expect(await listTitles(user)).toEqual(['Good one']);

    const notJson = await importFile(user, 'hello');
    expect(errorOf(notJson).message).toMatch(/list of conversations/);
    const empty = await importFile(user, '');
    expect(errorOf(empty).message).toBe('The file is empty');
  });

  it('imports a conversation that appears twice in one file once', async () => {
    const user = await registerUser(h.url, 'Twice');
    const convo = chatGptConversation('c0ffee00-0000-4000-8000-0000000000e1', 'Twin');
    const report = finalOf(await importFile(user, JSON.stringify([convo, convo])));
    expect(report).toMatchObject({ imported: 1, skipped: 1, skippedByReason: { already_imported: 1 } });
    expect(report.items.map((i) => [i.index, i.status])).toEqual([
      [0, 'imported'],
      [1, 'skipped'],
    ]);
  });

  it('runs one import at a time per user', async () => {
    const user = await registerUser(h.url, 'Busy');
    const boundary = 'slow-boundary';
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const enc = new TextEncoder();
        if (step === 0) {
          controller.enqueue(
            enc.encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n[`,
            ),
          );
        } else if (step === 1) {
          await released;
          controller.enqueue(enc.encode(`${JSON.stringify(flatExport())}]\r\n--${boundary}--\r\n`));
        } else {
          controller.close();
        }
        step++;
      },
    });
    const first = fetch(`${h.url}/api/convos/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    // While the first is being uploaded (its job exists), a second is refused.
    while (
      (await h.database.db.select().from(importJobs).where(eq(importJobs.userId, user.user.id))).length === 0
    ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const second = await startImport(user, JSON.stringify(flatExport()));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'conflict' });
    release();
    const firstRes = await first;
    expect(firstRes.status).toBe(201);
    const { jobId } = (await firstRes.json()) as { jobId: string };
    expect(finalOf({ job: await waitForJob(user, jobId) })).toMatchObject({ imported: 1 });
    // Free again once the first is done.
    expect((await importFile(user, '[]')).status).toBe(201);
  });

  it('refuses a request without a multipart file', async () => {
    const api = authed(h.url, alice.token);
    const json = await api('/api/convos/import', { body: { file: [] } });
    expect(json.status).toBe(415);
    const wrongField = await importFile(alice, '[]', 'upload');
    expect(wrongField.status).toBe(400);
    expect(((await (await api('/api/convos/import', { body: {} })).json()) as { code: string }).code).toBe(
      'unsupported_media_type',
    );
  });

  it('stores a large file with bounded memory and reports progress', { timeout: 120_000 }, async () => {
    const user = await registerUser(h.url, 'Large');
    // ~60 MB of conversations that hold only a hidden system prompt (read through, skipped), then a real one.
    const filler = 't'.repeat(90_000);
    const conversations = 650;
    const skipped = (i: number) =>
      JSON.stringify({
        title: `Tool ${i}`,
        conversation_id: `tool-${i}`,
        mapping: {
          root: { id: 'root', message: null, parent: null, children: ['t'] },
          t: {
            id: 't',
            parent: 'root',
            children: [],
            message: {
              id: 't',
              author: { role: 'system' },
              content: { content_type: 'text', parts: [filler] },
              metadata: { is_visually_hidden_from_conversation: true },
            },
          },
        },
      });
    const encoder = new TextEncoder();
    const boundary = '----import-test-boundary';
    let i = -1;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        let part: string;
        if (i === -1) {
          part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="conversations.json"\r\nContent-Type: application/json\r\n\r\n[`;
        } else if (i < conversations) {
          part = `${skipped(i)},`;
        } else if (i === conversations) {
          part = `${JSON.stringify(chatGptConversation('c0ffee00-0000-4000-8000-0000000000d1', 'After the flood'))}]\r\n--${boundary}--\r\n`;
        } else {
          controller.close();
          return;
        }
        i++;
        const bytes = encoder.encode(part);
        sent += bytes.length;
        controller.enqueue(bytes);
      },
    });
    // What the import keeps, not the garbage it leaves for the collector: the heap is read after a
    // full collection, before and every quarter second while the job runs.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      gc();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }, 250);
    const res = await fetch(`${h.url}/api/convos/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(201);
    const { jobId } = (await res.json()) as { jobId: string };
    // The job's progress, polled as the dialog does: bytes of the file read, of its size.
    const seen: ImportJob['progress'][] = [];
    let job = await jobOf(user, jobId);
    while (!ended(job)) {
      seen.push(job.progress);
      await new Promise((r) => setTimeout(r, 20));
      job = await jobOf(user, jobId);
    }
    clearInterval(sampler);
    expect(sent).toBeGreaterThan(55 * 1024 * 1024);
    const report = finalOf({ job });
    expect(report).toMatchObject({
      imported: 1,
      skipped: conversations,
      skippedByReason: { no_messages: conversations },
    });
    expect(report.items).toHaveLength(conversations + 1);
    // The file's size is the multipart part's, and progress climbs through it.
    expect(job.progress.total).toBeGreaterThan(55 * 1024 * 1024);
    expect(job.progress.done).toBe(job.progress.total);
    const partial = seen.filter((p) => p.done > 0 && p.done < p.total).map((p) => p.done);
    expect(partial.length).toBeGreaterThan(2);
    expect(partial).toEqual([...partial].sort((a, b) => a - b));
    // Nor is it kept as text: what the heap holds (client and server share this process) stays far
    // below it.
    expect(peakHeap - before.heapUsed).toBeLessThan(40 * 1024 * 1024);
    expect(await listTitles(user)).toEqual(['After the flood']);
    // The stored upload is gone once the job ended.
    const chunks = await h.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(importJobChunks)
      .where(eq(importJobChunks.jobId, jobId));
    expect(chunks[0]!.n).toBe(0);
  });
});

describe('import jobs', () => {
  it('answers at once with a job id; the job ends with the same report as a whole run', async () => {
    const user = await registerUser(h.url, 'Job Starter');
    const file = manyConversations(1200, 1);
    const started = await startImport(user, file);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ message: 'Import started', jobId: expect.any(String) });
    // Answered before the job is done: its first status still has most of the file to read.
    const first = await jobOf(user, started.body.jobId!);
    expect(['scheduled', 'running']).toContain(first.status);
    expect(first.progress.done).toBeLessThan(first.progress.total);
    expect(first.report).toBeNull();
    const job = await waitForJob(user, started.body.jobId!);
    expect(job).toMatchObject({ status: 'completed', error: null, imported: 1200, skipped: 0 });
    expect(job.progress).toEqual({ done: Buffer.byteLength(file), total: Buffer.byteLength(file) });
    expect(job.report).toMatchObject({
      format: 'chatgpt',
      imported: 1200,
      skipped: 0,
      messages: 6000,
      itemsTruncated: true,
    });
    expect(job.report!.items).toHaveLength(IMPORT_LIMITS.maxReportItems);
    expect(job.report!.items.map((i) => i.index)).toEqual([...Array(IMPORT_LIMITS.maxReportItems).keys()]);
  });

  it("serves another user's requests between the job's batches", { timeout: 60_000 }, async () => {
    const user = await registerUser(h.url, 'Big Importer');
    const other = await registerUser(h.url, 'Other User');
    const started = await startImport(user, manyConversations(2000, 2));
    const jobId = started.body.jobId!;
    // The other user's list, asked again and again while the job runs, between two reads of the
    // job's status: it is answered between batches, never only after the whole import.
    const gaps: number[] = [];
    let job = await jobOf(user, jobId);
    while (!ended(job)) {
      const res = await authed(h.url, other.token)('/api/convos?pageNumber=1');
      expect(res.status).toBe(200);
      const next = await jobOf(user, jobId);
      if (!ended(next)) gaps.push(next.imported - job.imported);
      job = next;
    }
    // Answered again and again while the job ran. (How many conversations went between two
    // answers is how much work fits in one HTTP round trip, which the machine's load decides: it is
    // the bench's figure, import.pglite.others_list_p95_ms, not a test's.)
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    expect((await waitForJob(user, jobId)).status).toBe('completed');
  });

  it("refuses other users' jobs: 404 to anyone but the owner", async () => {
    const { body } = await startImport(
      alice,
      JSON.stringify([flatExport('0f1a0000-0000-4000-8000-0000000000c9')]),
    );
    const job = await waitForJob(alice, body.jobId!);
    expect(job.status).toBe('completed');
    const asBob = await authed(h.url, bob.token)(`/api/convos/import/jobs/${body.jobId}`);
    expect(asBob.status).toBe(404);
    expect(JSON.stringify(await asBob.json())).not.toContain('Flat one');
    const anonymous = await fetch(`${h.url}/api/convos/import/jobs/${body.jobId}`);
    expect(anonymous.status).toBe(401);
    const notAnId = await authed(h.url, alice.token)('/api/convos/import/jobs/nope');
    expect(notAnId.status).toBe(400);
  });

  it('refuses a file past the per-user quota with 413, stored or not', async () => {
    const small = await startTestApp({ imports: { maxFileBytes: 64 * 1024, maxActiveJobs: 1 } });
    try {
      const user = await registerUser(small.url, 'Quota');
      const file = manyConversations(60, 3);
      expect(Buffer.byteLength(file)).toBeGreaterThan(64 * 1024);
      // The declared length is past the quota: refused before the body is read.
      const declared = await startImport(user, file, 'file', small.url);
      expect(declared.status).toBe(413);
      expect(declared.body.code).toBe('payload_too_large');
      expect(declared.body.message).toBe('The file is larger than 64 KB, the most one import may hold');
      // Sent without a length: refused once the file passes the quota, nothing kept.
      const boundary = 'quota-boundary';
      const parts = [
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n`,
        file,
        `\r\n--${boundary}--\r\n`,
      ];
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = parts.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      });
      const chunked = await fetch(`${small.url}/api/convos/import`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(((await chunked.json()) as { code: string }).code).toBe('payload_too_large');
      expect(await small.database.db.select().from(importJobs)).toEqual([]);
      expect(await small.database.db.select().from(importJobChunks)).toEqual([]);
      // Under the quota it is taken.
      const fits = await startImport(user, manyConversations(2, 3), 'file', small.url);
      expect(fits.status).toBe(201);
    } finally {
      await small.close();
    }
  });

  it(
    'goes on after the app stops mid-job: a new app on the same data ends it with the same report',
    { timeout: 120_000 },
    async () => {
      const file = manyConversations(2000, 4);
      // The reference: the same file imported in one go by another user.
      const reference = finalOf(await importFile(alice, file));

      const dir = mkdtempSync(join(tmpdir(), 'import-resume-'));
      try {
        let database = await openDatabase({ dataDir: dir });
        const config = testAppConfig();
        let app = await buildApp({ config, db: database.db });
        let url = await app.listen({ host: '127.0.0.1', port: 0 });
        const user = await registerUser(url, 'Interrupted');
        const { body } = await startImport(user, file, 'file', url);
        const jobId = body.jobId!;
        let job = await jobOf(user, jobId, url);
        while (job.progress.done === 0) job = await jobOf(user, jobId, url);
        // The app closes mid-job: it stops after the batch it is writing and gives the job back.
        await app.close();
        await app.lifecycle.drain();
        const [left] = await database.db.select().from(importJobs).where(eq(importJobs.id, jobId));
        expect(left).toMatchObject({ status: 'running', leaseOwner: null });
        expect(left!.nextIndex).toBeGreaterThan(0);
        expect(left!.nextIndex).toBeLessThan(2000);
        // As if it had died instead: its lease still runs for a while.
        await database.db
          .update(importJobs)
          .set({
            leaseOwner: 'a-dead-instance',
            leaseUntil: new Date(Date.now() + IMPORT_JOB_LIMITS.leaseMs / 2),
          })
          .where(eq(importJobs.id, jobId));
        await database.close();

        // A new app on the same data, once the lease has run out (its clock is past it).
        database = await openDatabase({ dataDir: dir });
        const later = () => Date.now() + IMPORT_JOB_LIMITS.leaseMs;
        app = await buildApp({ config, db: database.db, clock: later });
        url = await app.listen({ host: '127.0.0.1', port: 0 });
        const login = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: user.password }),
        });
        const again = { ...user, token: ((await login.json()) as { token: string }).token };
        const done = await waitForJob(again, jobId, url);
        expect(done.status).toBe('completed');
        // Every conversation once, and the report as if nothing had happened.
        expect(withoutIds(done.report!)).toEqual(withoutIds(reference));
        const [{ n }] = (
          await database.db.execute(
            sql`SELECT count(*)::int AS n FROM conversations WHERE user_id = ${user.user.id}`,
          )
        ).rows as [{ n: number }];
        expect(n).toBe(2000);
        await app.close();
        await app.lifecycle.drain();
        await database.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('deletes an ended job a week after it ended', async () => {
    let offset = 0;
    const app = await startTestApp({}, { clock: () => Date.now() + offset });
    try {
      const user = await registerUser(app.url, 'Old Jobs');
      const first = await startImport(user, JSON.stringify([flatExport()]), 'file', app.url);
      expect((await waitForJob(user, first.body.jobId!, app.url)).status).toBe('completed');
      offset = IMPORT_JOB_LIMITS.keepEndedMs - 60_000;
      const second = await startImport(user, '[]', 'file', app.url);
      await waitForJob(user, second.body.jobId!, app.url);
      // Kept for a week, deleted after it (when the instance next looks for jobs).
      expect((await jobOf(user, first.body.jobId!, app.url)).status).toBe('completed');
      offset = IMPORT_JOB_LIMITS.keepEndedMs + 60_000;
      const third = await startImport(user, '[]', 'file', app.url);
      await waitForJob(user, third.body.jobId!, app.url);
      const gone = await authed(app.url, user.token)(`/api/convos/import/jobs/${first.body.jobId}`);
      expect(gone.status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('drops an upload cut short by the client at once', async () => {
    const user = await registerUser(h.url, 'Gone Mid-way');
    const boundary = 'cut-boundary';
    const abort = new AbortController();
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent) return new Promise<void>(() => undefined); // and then nothing more
        sent = true;
        controller.enqueue(
          new TextEncoder().encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n[${'x'.repeat(300_000)}`,
          ),
        );
      },
    });
    const posting = fetch(`${h.url}/api/convos/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit).catch(() => null);
    const rows = () => h.database.db.select().from(importJobs).where(eq(importJobs.userId, user.user.id));
    while ((await rows()).length === 0) await new Promise((r) => setTimeout(r, 10));
    abort.abort();
    await posting;
    // Gone without waiting for its lease to run out, and the user may import again.
    while ((await rows()).length > 0) await new Promise((r) => setTimeout(r, 10));
    expect((await importFile(user, '[]')).status).toBe(201);
  });
});
