import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { FILE_SEARCH_LIMITS, type FileSearchState } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { fileChunks, fileSearchFiles, files, messages, type FileSearchFileRow } from '../../db/schema.js';
import type { Chunk } from './chunk.js';

// The generated full-text column (the migration's own SQL), named here as fixed SQL so that
// ordinary selects never carry it.
const CHUNK_TSV = sql.raw('"file_chunks"."content_tsv"');
/** Chunks written per INSERT. */
const INSERT_BATCH = 200;

/** How embeddings are compared: pgvector's inner product, or a dot product over `real[]` in SQL. */
export type VectorMode = 'pgvector' | 'array';

/** One passage a ranking found, with its file's name. */
export interface ChunkHit {
  id: number;
  fileId: string;
  fileName: string;
  chunkIndex: number;
  page: number | null;
  content: string;
  score: number;
}

interface HitRow extends Record<string, unknown> {
  id: number | string;
  file_id: string;
  filename: string;
  chunk_index: number;
  page: number | null;
  content: string;
  score: number | string;
}

const toHit = (r: HitRow): ChunkHit => ({
  id: Number(r.id),
  fileId: r.file_id,
  fileName: r.filename,
  chunkIndex: r.chunk_index,
  page: r.page,
  content: r.content,
  score: Number(r.score),
});

const finite = (v: readonly number[]) => v.map((x) => (Number.isFinite(x) ? x : 0)).join(',');
/** A vector as a PostgreSQL array literal (numbers only: nothing of a user's text in it). */
const arrayLiteral = (v: readonly number[]) => `{${finite(v)}}`;
/** A vector as pgvector's text form. */
const vectorLiteral = (v: readonly number[]) => `[${finite(v)}]`;

/** Documents for file search and their chunks; every query is filtered by the owner. */
export function createFileSearchRepo(db: Executor) {
  /** The chunks of these files (the user's own), with their file's name. */
  const scope = (userId: string, fileIds: readonly string[]): SQL =>
    and(eq(fileChunks.userId, userId), inArray(fileChunks.fileId, [...fileIds]))!;

  /** The user's own ready documents that `which` picks, newest first, at most a conversation's worth. */
  const readyOf = (userId: string, which: SQL) =>
    db
      .select({
        fileId: fileSearchFiles.fileId,
        filename: files.filename,
        embedded: fileSearchFiles.embedded,
      })
      .from(fileSearchFiles)
      .innerJoin(files, eq(files.fileId, fileSearchFiles.fileId))
      .where(
        and(
          eq(fileSearchFiles.userId, userId),
          eq(files.userId, userId),
          eq(fileSearchFiles.state, 'ready'),
          which,
        ),
      )
      .orderBy(desc(fileSearchFiles.createdAt))
      .limit(FILE_SEARCH_LIMITS.maxFilesPerConversation);

  return {
    async insertFile(fileId: string, userId: string): Promise<FileSearchFileRow> {
      const [row] = await db.insert(fileSearchFiles).values({ fileId, userId }).returning();
      return row!;
    },

    /** The user's own documents among `fileIds` (others' and unknown ids are left out). */
    statusOf(userId: string, fileIds: readonly string[]): Promise<FileSearchFileRow[]> {
      if (fileIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(fileSearchFiles)
        .where(and(eq(fileSearchFiles.userId, userId), inArray(fileSearchFiles.fileId, [...fileIds])));
    },

    async setState(
      fileId: string,
      change: { state: FileSearchState; chunks?: number; error?: string | null; embedded?: boolean },
    ): Promise<void> {
      await db
        .update(fileSearchFiles)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(fileSearchFiles.fileId, fileId));
    },

    /** Documents left processing (a restart cut their ingestion short): read again. */
    processing(limit: number): Promise<Pick<FileSearchFileRow, 'fileId' | 'userId'>[]> {
      return db
        .select({ fileId: fileSearchFiles.fileId, userId: fileSearchFiles.userId })
        .from(fileSearchFiles)
        .where(eq(fileSearchFiles.state, 'processing'))
        .orderBy(fileSearchFiles.createdAt)
        .limit(limit);
    },

    /**
     * Replaces a file's chunks with these, in one transaction (a file read again after a restart
     * keeps no half of an earlier attempt). A file deleted meanwhile fails on its foreign key.
     */
    async replaceChunks(
      fileId: string,
      userId: string,
      chunks: readonly Chunk[],
      embeddings: readonly number[][] | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(fileChunks).where(eq(fileChunks.fileId, fileId));
        for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
          await tx.insert(fileChunks).values(
            chunks.slice(i, i + INSERT_BATCH).map((c, j) => ({
              fileId,
              userId,
              chunkIndex: i + j,
              page: c.page,
              content: c.content,
              embedding: embeddings?.[i + j] ?? null,
            })),
          );
        }
      });
    },

    /**
     * The user's ready documents in a conversation: the files on their own messages of it and
     * those of the message being sent (`extra`), newest first, at most maxFilesPerConversation.
     */
    async conversationFiles(
      userId: string,
      conversationId: string | null,
      extra: readonly string[],
    ): Promise<{ fileId: string; filename: string; embedded: boolean }[]> {
      const onMessages = conversationId
        ? sql`select (x->>'file_id')::uuid from ${messages}, jsonb_array_elements(${messages.files}) x
            where ${messages.conversationId} = ${conversationId} and ${messages.userId} = ${userId}
              and ${messages.files} is not null and jsonb_typeof(${messages.files}) = 'array'`
        : null;
      const named = extra.length > 0 ? inArray(fileSearchFiles.fileId, [...extra]) : null;
      const which = [onMessages ? sql`${fileSearchFiles.fileId} in (${onMessages})` : null, named].filter(
        (w): w is SQL => w !== null,
      );
      if (which.length === 0) return [];
      return readyOf(userId, sql`(${sql.join(which, sql` or `)})`);
    },

    /** The owner's ready documents among `fileIds` (an agent's: others' and unknown ids are left out). */
    async readyFiles(
      ownerId: string,
      fileIds: readonly string[],
    ): Promise<{ fileId: string; filename: string; embedded: boolean }[]> {
      if (fileIds.length === 0) return [];
      return readyOf(ownerId, inArray(fileSearchFiles.fileId, [...fileIds]));
    },

    /** Full text: the chunks matching any of the query's words, best ts_rank first. */
    async fullText(
      userId: string,
      fileIds: readonly string[],
      tsquery: string,
      limit: number,
    ): Promise<ChunkHit[]> {
      if (fileIds.length === 0 || !tsquery) return [];
      const res = await db.execute<HitRow>(sql`
        select ${fileChunks.id} as id, ${fileChunks.fileId} as file_id, ${files.filename} as filename,
          ${fileChunks.chunkIndex} as chunk_index, ${fileChunks.page} as page, ${fileChunks.content} as content,
          ts_rank(${CHUNK_TSV}, q) as score
        from ${fileChunks} join ${files} on ${files.fileId} = ${fileChunks.fileId},
          to_tsquery('english', ${tsquery}) q
        where ${scope(userId, fileIds)} and ${CHUNK_TSV} @@ q
        order by score desc, ${fileChunks.id} limit ${limit}`);
      return res.rows.map(toHit);
    },

    /** Vectors: the chunks nearest the query's (unit vectors: the dot product is the cosine). */
    async nearest(
      userId: string,
      fileIds: readonly string[],
      vector: readonly number[],
      limit: number,
      mode: VectorMode,
      /** The least cosine a chunk needs to count. */
      minScore: number,
    ): Promise<ChunkHit[]> {
      if (fileIds.length === 0 || vector.length === 0) return [];
      const v = arrayLiteral(vector);
      // pgvector: the stored real[] cast to vector, against the query's vector cast once; `<#>` is
      // the negated inner product. Otherwise the dot product as an aggregate over both arrays.
      const score =
        mode === 'pgvector'
          ? sql`(${fileChunks.embedding}::vector <#> ${vectorLiteral(vector)}::vector) * -1`
          : sql`(select sum(a * b) from unnest(${fileChunks.embedding}, ${v}::real[]) as t(a, b))`;
      // `offset 0` keeps the outer filter on the score from being pushed into the inner query's
      // conditions, where it could be evaluated before the length check: pgvector refuses to
      // compare vectors of different lengths (chunks embedded by an earlier model) with an error.
      const res = await db.execute<HitRow>(sql`
        select * from (
          select ${fileChunks.id} as id, ${fileChunks.fileId} as file_id, ${files.filename} as filename,
            ${fileChunks.chunkIndex} as chunk_index, ${fileChunks.page} as page, ${fileChunks.content} as content,
            ${score} as score
          from ${fileChunks} join ${files} on ${files.fileId} = ${fileChunks.fileId}
          where ${scope(userId, fileIds)} and ${fileChunks.embedding} is not null
            and cardinality(${fileChunks.embedding}) = ${vector.length}
          offset 0
        ) ranked
        where score >= ${minScore}
        order by score desc, id limit ${limit}`);
      return res.rows.map(toHit);
    },

    /**
     * Whether pgvector works here: `CREATE EXTENSION vector` (installed with the server, or loaded
     * into PGlite), then one comparison. The comparison matters: a PGlite store keeps the
     * extension in its catalogue once created, so the statement succeeds even when the store is
     * opened without the extension loaded, and only its first use fails.
     */
    async enableVector(): Promise<boolean> {
      try {
        await db.execute(sql`create extension if not exists vector`);
        await db.execute(sql`select '[1,0]'::vector <#> '[0,1]'::vector`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type FileSearchRepo = ReturnType<typeof createFileSearchRepo>;
