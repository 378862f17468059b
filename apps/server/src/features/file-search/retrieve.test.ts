import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAIServer } from '@chat/fake-upstreams';
import { fileChunks, files } from '../../db/schema.js';
import { registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';
import { createEmbedder } from './embeddings.js';
import { createFileSearchRepo, type VectorMode } from './repo.js';
import { anyWordQuery, retrieve } from './retrieve.js';

let h: Harness;
let fake: FakeOpenAIServer;
let userId: string;
const fileId = crypto.randomUUID();
/** The ways vectors are compared on this database: always real[]; pgvector where it works. */
let modes: VectorMode[];

const PASSAGES = [
  'Apple pie recipe: apples, sugar, butter and a crust, baked for forty minutes.',
  'Apple trees grow in orchards and flower in spring.',
  'Car engines need oil changes every ten thousand kilometres.',
  'The recipe book also covers bread and soups.',
];

beforeAll(async () => {
  fake = await startFakeOpenAI();
  // With embeddings configured, as the server would be: pgvector is loaded into PGlite.
  h = await startTestApp({
    fileSearch: {
      embeddings: { baseURL: fake.url, apiKey: 'test', model: 'text-embedding-3-small' },
      chunkSize: 400,
      chunkOverlap: 40,
    },
  });
  const vector = await createFileSearchRepo(h.database.db).enableVector();
  modes = vector ? ['array', 'pgvector'] : ['array'];
  const user = await registerUser(h.url, 'Ranker');
  userId = user.user.id;
  const embedder = createEmbedder({ baseURL: fake.url, apiKey: 'test', model: 'text-embedding-3-small' });
  const vectors = await embedder.embed(PASSAGES);
  await h.database.db.insert(files).values({
    fileId,
    userId,
    source: 'local',
    storageKey: 'documents/x',
    filename: 'kitchen.txt',
    type: 'text/plain',
    bytes: 1,
    width: 0,
    height: 0,
  });
  await h.database.db.insert(fileChunks).values(
    PASSAGES.map((content, chunkIndex) => ({
      fileId,
      userId,
      chunkIndex,
      content,
      embedding: vectors[chunkIndex]!,
    })),
  );
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

const deps = (withVectors: boolean, vectorMode: VectorMode = 'array') => ({
  repo: createFileSearchRepo(h.database.db),
  embedder: withVectors ? createEmbedder({ baseURL: fake.url, apiKey: 'test', model: 'm' }) : null,
  vectorMode,
});

describe('retrieval ranking', () => {
  it('turns a question into an any-word query with nothing of tsquery syntax', () => {
    expect(anyWordQuery("What's the apple-pie recipe? (quick) & | !")).toBe(
      'what | s | the | apple | pie | recipe | quick',
    );
    expect(anyWordQuery('!!! ???')).toBe('');
  });

  it('ranks by full text alone: the passage with more of the words first, unrelated ones left out', async () => {
    const found = await retrieve(deps(false), userId, [{ fileId, embedded: true }], 'apple pie recipe', 5);
    expect(found.map((s) => s.content)).toEqual([PASSAGES[0], expect.any(String), expect.any(String)]);
    expect(found.map((s) => s.content)).not.toContain(PASSAGES[2]);
    expect(found[0]).toMatchObject({
      type: 'file',
      fileId,
      fileName: 'kitchen.txt',
      relevance: 1,
      pages: [],
    });
    expect(found.every((s, i) => i === 0 || s.relevance <= found[i - 1]!.relevance)).toBe(true);
  });

  it('has pgvector wherever the database offers it: on PGlite with embeddings configured', async () => {
    const available = await h.database.db.execute(
      sql`select 1 from pg_available_extensions where name = 'vector'`,
    );
    expect(modes.includes('pgvector')).toBe(available.rows.length > 0);
    expect(h.database.kind === 'postgres' || available.rows.length > 0).toBe(true);
  });

  it('fuses full text and vectors: what both find comes first, a far vector neighbour stays out', async () => {
    for (const mode of modes) {
      const found = await retrieve(
        deps(true, mode),
        userId,
        [{ fileId, embedded: true }],
        'apple pie recipe',
        5,
      );
      expect(found[0]?.content, mode).toBe(PASSAGES[0]);
      expect(found.map((s) => s.content)).not.toContain(PASSAGES[2]);
      // One word: the one passage holding it, and no other (near in neither ranking).
      const orchard = await retrieve(deps(true, mode), userId, [{ fileId, embedded: true }], 'orchards', 5);
      expect(
        orchard.map((s) => s.content),
        mode,
      ).toEqual([PASSAGES[1]]);
    }
  });

  it('ranks vectors alike with pgvector and over real[]: the same neighbours, the same cosines', async () => {
    const repo = createFileSearchRepo(h.database.db);
    const embedder = createEmbedder({ baseURL: fake.url, apiKey: 'test', model: 'm' });
    const [query] = await embedder.embed(['apples in an orchard']);
    const byMode = await Promise.all(
      modes.map((mode) => repo.nearest(userId, [fileId], query!, 10, mode, -1)),
    );
    const [array] = byMode;
    expect(array!.map((hit) => hit.content).sort()).toEqual([...PASSAGES].sort());
    for (const hits of byMode) {
      expect(hits.map((hit) => hit.id)).toEqual(array!.map((hit) => hit.id));
      hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(array![i]!.score, 5));
    }
  });

  it('leaves out, without an error, chunks whose vector has another length (embedded by an earlier model)', async () => {
    const odd = crypto.randomUUID();
    await h.database.db.insert(files).values({
      fileId: odd,
      userId,
      source: 'local',
      storageKey: 'documents/y',
      filename: 'old-model.txt',
      type: 'text/plain',
      bytes: 1,
      width: 0,
      height: 0,
    });
    await h.database.db.insert(fileChunks).values({
      fileId: odd,
      userId,
      chunkIndex: 0,
      content: 'Apple pie, older vector.',
      embedding: [1, 0, 0],
    });
    const repo = createFileSearchRepo(h.database.db);
    const [query] = await createEmbedder({ baseURL: fake.url, apiKey: 'test', model: 'm' }).embed([
      'apple pie',
    ]);
    for (const mode of modes) {
      const hits = await repo.nearest(userId, [fileId, odd], query!, 10, mode, -1);
      expect(
        hits.map((hit) => hit.fileId),
        mode,
      ).not.toContain(odd);
      expect(hits.length).toBe(PASSAGES.length);
      // The short query meets the old vector only.
      const short = await repo.nearest(userId, [fileId, odd], [1, 0, 0], 10, mode, -1);
      expect(
        short.map((hit) => hit.content),
        mode,
      ).toEqual(['Apple pie, older vector.']);
    }
  });

  it('searches only the files it is given, and only the user’s own', async () => {
    const other = await registerUser(h.url, 'Other');
    expect(await retrieve(deps(true), other.user.id, [{ fileId, embedded: true }], 'apple pie', 5)).toEqual(
      [],
    );
    expect(await retrieve(deps(true), userId, [], 'apple pie', 5)).toEqual([]);
  });
});
