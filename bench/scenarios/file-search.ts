/**
 * File search at size, in process on embedded PGlite (the app's own migrations make the store):
 * - ingestion: a PDF of BENCH_RAG_PAGES pages (default 200, ~1,400 characters each) read, split and
 *   stored as the background reader does (extract, chunk, one transaction of inserts), without
 *   embeddings; pages per second.
 * - retrieval: BENCH_RAG_CHUNKS chunks (default 100,000) of one user in 100 files, loaded with
 *   INSERT … SELECT generate_series, each of 180 words drawn from 20,000 (3% of them from the
 *   queries' vocabulary, so a query word is in a few percent of the passages, as in real
 *   documents), with a 256-dimension vector as real[]; p95 of
 *   BENCH_RAG_SAMPLES searches (default 40) over one file (1% of the chunks: a long document)
 *   and over one conversation of 10 files (10%), full text and hybrid, and full text over all 100
 *   files (every chunk). The store has pgvector loaded, as the server's has with embeddings: the
 *   hybrid cases run with pgvector's inner product (what the server uses) and again with the dot
 *   product over real[] in SQL (the fallback of a PostgreSQL server without the extension).
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type {} from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { chunkText } from '../../apps/server/src/features/file-search/chunk.js';
import { normalize, type Embedder } from '../../apps/server/src/features/file-search/embeddings.js';
import { extractText } from '../../apps/server/src/features/file-search/extract.js';
import { createFileSearchRepo, type VectorMode } from '../../apps/server/src/features/file-search/repo.js';
import { retrieve } from '../../apps/server/src/features/file-search/retrieve.js';
import { tinyPdf } from '../../apps/server/test/fixtures/documents.js';
import { emit, note, summary } from '../lib/figures.js';
import { rng } from '../lib/replies.js';
import { now, tempDir } from '../lib/server.js';

const PAGES = Number(process.env.BENCH_RAG_PAGES || 200);
const CHUNKS = Number(process.env.BENCH_RAG_CHUNKS || 100_000);
const SAMPLES = Number(process.env.BENCH_RAG_SAMPLES || 40);
const FILES = 100;
const DIMS = 256;

const WORDS = (
  'invoice contract warranty holiday policy engine pump valve server client request latency buffer ' +
  'budget revenue forecast quarter customer supplier delivery schedule safety training badge parking ' +
  'the of and to in is that for it as with was on be by this are at from or an have not but which'
).split(' ');
const QUERIES = [
  'warranty period for the pump',
  'holiday policy',
  'quarter revenue forecast',
  'parking badge',
];

function sentence(next: () => number, n: number): string {
  return Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(' ');
}

/** A query's vector: random but fixed per query (the ranking's cost does not depend on it). */
function queryEmbedder(next: () => number): Embedder {
  return {
    embed: async (texts) => texts.map(() => normalize(Array.from({ length: DIMS }, () => next() - 0.5))),
  };
}

export async function fileSearch(): Promise<void> {
  const dir = tempDir('file-search');
  const database = await openDatabase({ dataDir: dir, vector: true });
  try {
    const db = database.db;
    const run = (q: string) => db.execute(sql.raw(q));
    const next = rng(11);
    const userId = '00000000-0000-4000-8000-00000000c001';
    await run(`INSERT INTO users (id, name, email) VALUES ('${userId}', 'Bench', 'bench-rag@example.test')`);
    const fileIdOf = (i: number) => `00000000-0000-4000-8000-${String(100000 + i).padStart(12, '0')}`;
    await run(`
      INSERT INTO files (file_id, user_id, source, storage_key, filename, type, bytes, width, height)
      SELECT ('00000000-0000-4000-8000-' || lpad((100000 + g)::text, 12, '0'))::uuid, '${userId}', 'local',
             'documents/bench-' || g, 'doc-' || g || '.pdf', 'application/pdf', 1, 0, 0
      FROM generate_series(0, ${FILES}) g`);
    const repo = createFileSearchRepo(db);
    if (!(await repo.enableVector())) throw new Error('pgvector did not load into PGlite');

    // Ingestion: the last file id is the PDF's.
    const pdf = tinyPdf(Array.from({ length: PAGES }, () => sentence(next, 200)));
    // Measured before reading: pdf.js takes the bytes' buffer over.
    const kib = (pdf.byteLength / 1024).toFixed(0);
    let t0 = now();
    const parts = await extractText(pdf, 'pdf');
    const chunks = chunkText(parts, { size: 1500, overlap: 100 });
    await repo.replaceChunks(fileIdOf(FILES), userId, chunks, null);
    const ingestMs = now() - t0;
    emit({
      figure: 'file_search.pglite.ingest_pages_per_s',
      value: Math.round((PAGES / ingestMs) * 1000 * 10) / 10,
      target: '>=20',
      unit: 'pages/s',
      note: `${PAGES} pages, ${kib} KiB, ${chunks.length} chunks, full text only`,
    });

    // Retrieval: CHUNKS chunks over FILES files, each with a vector.
    await run(`DELETE FROM file_chunks`);
    await run('DROP INDEX file_chunks_tsv_idx');
    note(`file_search.pglite: loading ${CHUNKS} chunks`);
    t0 = now();
    const batch = 20_000;
    for (let c0 = 0; c0 < CHUNKS; c0 += batch) {
      const c1 = Math.min(CHUNKS, c0 + batch);
      const words = WORDS.map((w) => `'${w}'`).join(',');
      await run(`
        INSERT INTO file_chunks (file_id, user_id, chunk_index, content, embedding)
        SELECT ('00000000-0000-4000-8000-' || lpad((100000 + g % ${FILES})::text, 12, '0'))::uuid,
               '${userId}', g / ${FILES},
               (SELECT string_agg(CASE WHEN random() < 0.03
                         THEN (ARRAY[${words}])[1 + floor(random() * ${WORDS.length})::int]
                         ELSE 'w' || floor(random() * 20000)::int END, ' ')
                FROM generate_series(1, 180) w WHERE g >= 0),
               (SELECT array_agg((random() - 0.5)::real) FROM generate_series(1, ${DIMS}) d WHERE g >= 0)
        FROM generate_series(${c0}, ${c1 - 1}) g`);
      note(`file_search.pglite: ${c1} chunks, ${((now() - t0) / 1000).toFixed(0)} s`);
    }
    await run('CREATE INDEX file_chunks_tsv_idx ON file_chunks USING gin (content_tsv)');
    note(`file_search.pglite: loaded and indexed in ${((now() - t0) / 1000).toFixed(0)} s`);

    const conversation = Array.from({ length: 10 }, (_, i) => ({ fileId: fileIdOf(i * 10), embedded: true }));
    const everything = Array.from({ length: FILES }, (_, i) => ({ fileId: fileIdOf(i), embedded: false }));
    const oneFile = conversation.slice(0, 1);
    const array: VectorMode = 'array';
    const cases = [
      { name: 'fulltext_one_file_p95_ms', files: oneFile, embedder: null, mode: array, target: '<=50' },
      ...(['pgvector', 'array'] as const).flatMap((mode) => {
        const suffix = mode === 'array' ? '_real_array' : '';
        return [
          {
            name: `hybrid_one_file${suffix}_p95_ms`,
            files: oneFile,
            embedder: queryEmbedder(next),
            mode,
            target: '<=500',
          },
          {
            name: `hybrid_conversation${suffix}_p95_ms`,
            files: conversation,
            embedder: queryEmbedder(next),
            mode,
            target: '<=500',
          },
        ];
      }),
      {
        name: 'fulltext_conversation_p95_ms',
        files: conversation,
        embedder: null,
        mode: array,
        target: '<=100',
      },
      { name: 'fulltext_all_chunks_p95_ms', files: everything, embedder: null, mode: array, target: '<=300' },
    ];
    for (const c of cases) {
      const deps = { repo, embedder: c.embedder, vectorMode: c.mode };
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t = now();
        await retrieve(deps, userId, c.files, QUERIES[i % QUERIES.length]!, 5);
        times.push(now() - t);
      }
      const s = summary(times);
      emit({
        figure: `file_search.pglite.${c.name}`,
        value: Math.round(s.p95 * 10) / 10,
        target: c.target,
        unit: 'ms',
        note: `${CHUNKS} chunks stored; ${c.files.length} files searched (~${Math.round((CHUNKS * c.files.length) / FILES)} chunks); median ${s.p50.toFixed(1)} ms; ${SAMPLES} searches`,
      });
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
