import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_LIMITS,
  type ConvosPage,
  type ImportErrorEvent,
  type ImportEvent,
  type ImportFinalEvent,
  type Message,
} from '@chat/contract';
import {
  authed,
  registerUser,
  startTestApp,
  type Harness,
  type TestUser,
} from '../../../test/support/harness.js';
import { chatGptConversation, flatExport, libreChatTreeExport } from './test/fixtures.js';

let h: Harness;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  h = await startTestApp();
  alice = await registerUser(h.url, 'Alice');
  bob = await registerUser(h.url, 'Bob');
});
afterAll(() => h.close());

/** Posts `body` as the multipart field `file`; the answer's status and its events. */
async function importFile(user: TestUser, body: string | Blob, field = 'file') {
  const form = new FormData();
  form.append(
    field,
    typeof body === 'string' ? new Blob([body], { type: 'application/json' }) : body,
    'export.json',
  );
  const res = await fetch(`${h.url}/api/convos/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  return { status: res.status, events: parseEvents(await res.text()) };
}

function parseEvents(text: string): ImportEvent[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as ImportEvent);
}
const finalOf = (events: ImportEvent[]) => {
  const last = events.at(-1);
  if (!last || !('final' in last)) throw new Error(`no final event: ${JSON.stringify(last)}`);
  return (last as ImportFinalEvent).report;
};
const errorOf = (events: ImportEvent[]) => events.at(-1) as ImportErrorEvent;

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
    expect(first.status).toBe(200);
    const report = finalOf(first.events);
    expect(report).toMatchObject({ format: 'chatgpt', imported: 2, skipped: 0, messages: 8 });
    const id = report.items[0]!.conversationId!;
    const messages = await messagesOf(user, id);
    const byText = new Map(messages.map((m) => [m.text, m]));
    const question = byText.get('Where should I go in May?')!;
    expect(question.parentMessageId).toBe('00000000-0000-0000-0000-000000000000');
    // Both answers hang from the question: the branch is kept.
    expect(byText.get('Lisbon is lovely in May.')!.parentMessageId).toBe(question.messageId);
    expect(byText.get('Try Kyoto: mild weather.')!.parentMessageId).toBe(question.messageId);
    expect(byText.get('And in June?')!.parentMessageId).toBe(
      byText.get('Try Kyoto: mild weather.')!.messageId,
    );
    expect(messages.every((m) => m.conversationId === id)).toBe(true);

    const again = finalOf((await importFile(user, file)).events);
    expect(again).toMatchObject({ imported: 0, skipped: 2, skippedByReason: { already_imported: 2 } });
    expect((await listTitles(user)).sort()).toEqual(['Second', 'Trip planning']);
  });

  it('imports LibreChat exports (tree and list) and a single-object file', async () => {
    const user = await registerUser(h.url, 'Libre Importer');
    const report = finalOf(
      (await importFile(user, JSON.stringify([libreChatTreeExport(), flatExport()]))).events,
    );
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
      (await importFile(user, JSON.stringify(flatExport('0f1a0000-0000-4000-8000-0000000000aa')))).events,
    );
    expect(single).toMatchObject({ imported: 1 });
    const twice = finalOf(
      (await importFile(user, JSON.stringify(flatExport('0f1a0000-0000-4000-8000-0000000000aa')))).events,
    );
    expect(twice).toMatchObject({ imported: 0, skippedByReason: { already_imported: 1 } });
  });

  it('imports into the caller only: the same file is new for another user, and ids are never reused', async () => {
    const file = JSON.stringify([libreChatTreeExport('5a7e0000-0000-4000-8000-0000000000b1')]);
    const a = finalOf((await importFile(alice, file)).events);
    const b = finalOf((await importFile(bob, file)).events);
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
    const { status, events } = await importFile(user, `[${good}, {"title":"Nothing"}, ${broken}`);
    expect(status).toBe(200);
    const error = errorOf(events);
    expect(error).toMatchObject({ error: true, code: 'validation_error' });
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.report).toMatchObject({ imported: 1, skipped: 1, skippedByReason: { unknown_format: 1 } });
    expect(await listTitles(user)).toEqual(['Good one']);

    const notJson = await importFile(user, 'hello');
    expect(errorOf(notJson.events).message).toMatch(/list of conversations/);
    const empty = await importFile(user, '');
    expect(errorOf(empty.events).message).toBe('The file is empty');
  });

  it('imports a conversation that appears twice in one file once', async () => {
    const user = await registerUser(h.url, 'Twice');
    const convo = chatGptConversation('c0ffee00-0000-4000-8000-0000000000e1', 'Twin');
    const report = finalOf((await importFile(user, JSON.stringify([convo, convo]))).events);
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
    // The first answers its headers (an event stream) once its file part begins.
    const firstRes = await first;
    expect(firstRes.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const second = await importFile(user, JSON.stringify(flatExport()));
    expect(second.status).toBe(409);
    release();
    expect(finalOf(parseEvents(await firstRes.text()))).toMatchObject({ imported: 1 });
    // Free again once the first is done.
    expect((await importFile(user, '[]')).status).toBe(200);
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

  it('streams a large file with bounded memory and reports progress', { timeout: 120_000 }, async () => {
    const user = await registerUser(h.url, 'Large');
    // ~120 MB of conversations that hold only tool output (read through, skipped), then a real one.
    const filler = 't'.repeat(90_000);
    const conversations = 1300;
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
              author: { role: 'tool' },
              content: { content_type: 'text', parts: [filler] },
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
    global.gc?.();
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }, 20);
    const res = await fetch(`${h.url}/api/convos/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    // Read the answer as it comes, noting how much of the file had been sent when the server
    // first reported progress: a server that read the whole file first could not report before
    // the upload ended (the socket's buffers hold a few MB at most).
    let text = '';
    let sentAtFirstProgress: number | null = null;
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      if (sentAtFirstProgress === null && text.includes('"progress"')) sentAtFirstProgress = sent;
    }
    const events = parseEvents(text);
    clearInterval(sampler);
    expect(sent).toBeGreaterThan(110 * 1024 * 1024);
    expect(sentAtFirstProgress).not.toBeNull();
    expect(sentAtFirstProgress!).toBeLessThan(sent - 20 * 1024 * 1024);
    const report = finalOf(events);
    expect(report).toMatchObject({
      imported: 1,
      skipped: conversations,
      skippedByReason: { no_messages: conversations },
    });
    expect(report.items).toHaveLength(IMPORT_LIMITS.maxReportItems);
    expect(report.itemsTruncated).toBe(true);
    const progress = events.filter((e) => 'progress' in e);
    expect(progress.length).toBeGreaterThan(2);
    const bytes = progress.map((e) => ('progress' in e ? e.bytes : 0));
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    // Nor is it kept as text: the heap (client and server share this process) stays far below it.
    expect(peakHeap - before.heapUsed).toBeLessThan(60 * 1024 * 1024);
    expect(await listTitles(user)).toEqual(['After the flood']);
  });
});
