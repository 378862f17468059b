import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startFakeOpenAI } from '@chat/fake-upstreams';
import { isPluginsEvent, type FileSearchStatus, type Message } from '@chat/contract';
import { fileChunks } from '../../db/schema.js';
import { tinyDocx, tinyPdf } from '../../../test/fixtures/documents.js';
import { chatUser, fakeEndpoint, type ChatHarness } from '../../../test/support/chat-harness.js';
import { startTestApp } from '../../../test/support/harness.js';
import { finalOf } from '../../../test/support/sse-client.js';

let h: ChatHarness;
let ann: Awaited<ReturnType<typeof chatUser>>;
let bob: Awaited<ReturnType<typeof chatUser>>;

beforeAll(async () => {
  const fake = await startFakeOpenAI();
  const app = await startTestApp({
    endpoints: [fakeEndpoint(fake)],
    // Embeddings from the fake OpenAI: the search is hybrid (full text and vectors).
    fileSearch: {
      embeddings: { baseURL: fake.url, apiKey: 'test', model: 'text-embedding-3-small' },
      chunkSize: 400,
      chunkOverlap: 40,
    },
  });
  h = {
    ...app,
    fake,
    async close() {
      await app.close();
      await fake.close();
    },
  };
  ann = await chatUser(h, 'Ann');
  bob = await chatUser(h, 'Bob');
});
afterAll(async () => h.close());

type Uploaded = {
  file_id: string;
  filename: string;
  type: string;
  embedded: boolean;
  status: FileSearchStatus;
};

async function upload(
  who: typeof ann,
  name: string,
  body: Uint8Array | string,
  fields: Record<string, string> = { tool_resource: 'file_search' },
): Promise<Response> {
  const form = new FormData();
  form.append('file_id', crypto.randomUUID());
  form.append('endpoint', 'openAI');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${h.url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.user.token}` },
    body: form,
  });
}

async function ready(who: typeof ann, name: string, body: Uint8Array | string): Promise<Uploaded> {
  const res = await upload(who, name, body);
  expect(res.status, await res.clone().text()).toBe(200);
  const file = (await res.json()) as Uploaded;
  await h.app.fileSearchIdle();
  return file;
}

async function statusOf(who: typeof ann, ids: string[]): Promise<FileSearchStatus[]> {
  const res = await who.api(`/api/files/search-status?file_ids=${ids.join(',')}`);
  expect(res.status).toBe(200);
  return (await res.json()) as FileSearchStatus[];
}

/** A directive making the fake model call file_search with this query, then answer with what it got. */
const searching = (query: string) =>
  `Look it up [[fake tool=file_search args="{\\"query\\":\\"${query}\\"}"]]`;

const lastChat = () =>
  h.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body as {
    tools?: { function: { name: string } }[];
    messages: { role: string; content: string }[];
  };

const HANDBOOK = [
  'Welcome to the staff handbook. Read it on your first day.',
  'Holidays: every employee gets twenty-five days of paid leave a year, booked through the portal.',
  'Expenses: keep every receipt; claims above two hundred euros need a manager’s approval.',
  'Security: badges must be worn at all times; a lost badge is reported to reception at once.',
  'Parking: the garage under the north building has spaces for bicycles and electric cars. ZEBRA-UNRELATED',
].join('\n\n');

describe('uploading documents for file search', () => {
  it('answers at once with the file processing, then reads it in the background until ready', async () => {
    const res = await upload(ann, 'handbook.txt', HANDBOOK);
    expect(res.status).toBe(200);
    const file = (await res.json()) as Uploaded;
    expect(file).toMatchObject({
      filename: 'handbook.txt',
      type: 'text/plain',
      embedded: false,
      status: { state: 'processing', chunks: 0 },
    });
    await h.app.fileSearchIdle();
    const [status] = await statusOf(ann, [file.file_id]);
    expect(status).toMatchObject({ file_id: file.file_id, state: 'ready' });
    expect(status!.chunks).toBeGreaterThan(1);
    // It is one of Ann's files like any other.
    const listed = (await (await ann.api('/api/files')).json()) as { file_id: string }[];
    expect(listed.map((f) => f.file_id)).toContain(file.file_id);
  });

  it('reads PDF and Word documents too', async () => {
    const pdf = await ready(
      ann,
      'report.pdf',
      tinyPdf(['Page one: the summary.', 'Page two: the appendix.']),
    );
    const docx = await ready(ann, 'notes.docx', await tinyDocx(['Meeting notes', 'Decisions were made.']));
    expect(pdf.type).toBe('application/pdf');
    const states = await statusOf(ann, [pdf.file_id, docx.file_id]);
    expect(states.map((s) => s.state)).toEqual(['ready', 'ready']);
  });

  it('marks a document that cannot be read as failed, with the reason', async () => {
    const file = await ready(ann, 'broken.pdf', '%PDF-1.7 this is not really a PDF');
    const [status] = await statusOf(ann, [file.file_id]);
    expect(status).toMatchObject({ state: 'failed', chunks: 0, error: 'The PDF could not be read' });
  });

  it('refuses a type it cannot search, content that does not match its name, and an upload not for file search', async () => {
    expect((await upload(ann, 'tool.exe', 'MZ binary')).status).toBe(400);
    expect((await upload(ann, 'fake.pdf', 'plain text pretending')).status).toBe(400);
    expect((await upload(ann, 'nul.txt', new Uint8Array([0x61, 0, 0x62]))).status).toBe(400);
    const before = ((await (await ann.api('/api/files')).json()) as unknown[]).length;
    expect((await upload(ann, 'a.txt', 'text', {})).status).toBe(400);
    expect((await upload(ann, 'a.txt', 'text', { tool_resource: 'code_interpreter' })).status).toBe(400);
    // Nothing was stored for the refused ones.
    expect(((await (await ann.api('/api/files')).json()) as unknown[]).length).toBe(before);
  });
});

describe('the file_search tool', () => {
  it('is offered with a message carrying a ready document, and the model gets the passage with its file name', async () => {
    const file = await ready(ann, 'handbook.txt', HANDBOOK);
    const res = await ann.ask({
      text: searching('How many days of paid leave do employees get?'),
      files: [{ file_id: file.file_id }],
    });
    expect(res.status).toBe(200);
    const chat = lastChat();
    const told = chat.messages.at(-1)!;
    expect(told.role).toBe('tool');
    expect(told.content).toContain('File: handbook.txt');
    expect(told.content).toContain('twenty-five days of paid leave');
    // Passages, never the whole document: the unrelated paragraph stays out.
    expect(told.content).not.toContain('ZEBRA-UNRELATED');

    const final = finalOf(res.events);
    const state = final.responseMessage.plugins?.find((p) => p.pluginKey === 'file_search');
    expect(state?.latest).toBe('File Search');
    const sources = state?.file_search?.sources ?? [];
    expect(sources[0]).toMatchObject({
      type: 'file',
      fileId: file.file_id,
      fileName: 'handbook.txt',
      relevance: 1,
    });
    expect(sources[0]?.content).toContain('twenty-five days of paid leave');
    // The fake model quotes what the tool answered.
    expect(final.responseMessage.text).toContain('twenty-five days');
    // The live events carried the sources too.
    const live = res.events.flatMap((e) => (isPluginsEvent(e.data) ? [e.data.plugins] : [])).at(-1);
    expect(live?.[0]?.file_search?.sources.length).toBe(sources.length);

    // Saved with the reply: read back, the citations are there.
    const saved = (await ann.messages(final.conversation.conversationId)).find(
      (m: Message) => m.messageId === final.responseMessage.messageId,
    );
    expect(saved?.plugins?.[0]?.file_search?.sources[0]?.fileName).toBe('handbook.txt');

    // Later turns of the conversation search it too, without attaching it again.
    const next = await ann.ask({
      text: searching('lost badge'),
      conversationId: final.conversation.conversationId,
      parentMessageId: final.responseMessage.messageId,
    });
    expect(next.status).toBe(200);
    expect(lastChat().tools?.map((t) => t.function.name)).toContain('file_search');
    expect(lastChat().messages.at(-1)!.content).toContain('reported to reception');
  });

  it('cites the PDF page a passage comes from', async () => {
    const pdf = await ready(
      ann,
      'guide.pdf',
      tinyPdf(['Nothing here.', 'The boiler is serviced every October.']),
    );
    const res = await ann.ask({ text: searching('boiler service'), files: [{ file_id: pdf.file_id }] });
    const sources = finalOf(res.events).responseMessage.plugins?.[0]?.file_search?.sources ?? [];
    expect(sources[0]).toMatchObject({ fileName: 'guide.pdf', pages: [2] });
    expect(lastChat().messages.at(-1)!.content).toContain('Page: 2');
  });

  it('is not offered where the conversation has no document ready', async () => {
    const res = await ann.ask({ text: 'Hello there' });
    expect(res.status).toBe(200);
    expect(lastChat().tools ?? []).toEqual([]);
  });
});

describe('ownership', () => {
  it("never searches another user's documents, and shows nobody else's state", async () => {
    const bobs = await ready(bob, 'secret.txt', 'The vault code is BOBSECRET and holidays are cancelled.');
    const anns = await ready(ann, 'plan.txt', 'Holidays are planned for August.');
    // Bob's file is not Ann's to name: the ask is refused before anything is saved.
    const refused = await ann.ask({ text: searching('vault code'), files: [{ file_id: bobs.file_id }] });
    expect(refused.status).toBe(404);
    // With her own file, her search never reaches Bob's passage, though it matches better.
    const res = await ann.ask({ text: searching('holidays vault code'), files: [{ file_id: anns.file_id }] });
    const told = lastChat().messages.at(-1)!.content;
    expect(told).toContain('planned for August');
    expect(told).not.toContain('BOBSECRET');
    const sources = finalOf(res.events).responseMessage.plugins?.[0]?.file_search?.sources ?? [];
    expect(sources.every((s) => s.fileId === anns.file_id)).toBe(true);
    // Bob's state is not shown to Ann (as if unknown).
    expect((await ann.api(`/api/files/search-status?file_ids=${bobs.file_id}`)).status).toBe(404);
    const mixed = await statusOf(ann, [bobs.file_id, anns.file_id]);
    expect(mixed.map((s) => s.file_id)).toEqual([anns.file_id]);
  });
});

describe('comparing vectors', () => {
  it('uses pgvector wherever the database offers it (PGlite, embeddings configured), else real[] in SQL', async () => {
    const available = await h.database.db.execute(
      sql`select 1 from pg_available_extensions where name = 'vector'`,
    );
    expect(h.app.fileSearchVectorMode()).toBe(available.rows.length > 0 ? 'pgvector' : 'array');
    // PGlite has it loaded because embeddings are configured here.
    expect(h.database.kind === 'postgres' || available.rows.length > 0).toBe(true);
  });
});

describe('deleting a document', () => {
  it('deletes its chunks with it', async () => {
    const file = await ready(ann, 'temporary.md', '# Temporary\n\nThis will be deleted soon.');
    const count = async () =>
      (
        await h.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(fileChunks)
          .where(eq(fileChunks.fileId, file.file_id))
      )[0]!.n;
    expect(await count()).toBeGreaterThan(0);
    const res = await ann.api('/api/files', {
      method: 'DELETE',
      body: { files: [{ file_id: file.file_id }] },
    });
    expect(res.status).toBe(200);
    expect(await count()).toBe(0);
    expect((await ann.api(`/api/files/search-status?file_ids=${file.file_id}`)).status).toBe(404);
  });
});
