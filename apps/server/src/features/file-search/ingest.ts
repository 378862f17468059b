import { FILE_SEARCH_LIMITS, fileSearchExtension } from '@chat/contract';
import type { FilesService } from '../files/index.js';
import { chunkText, type ChunkOptions } from './chunk.js';
import type { Embedder } from './embeddings.js';
import { ExtractError, extractText } from './extract.js';
import type { FileSearchRepo } from './repo.js';

export interface IngestDeps {
  repo: FileSearchRepo;
  files: Pick<FilesService, 'read'>;
  embedder: Embedder | null;
  chunking: ChunkOptions;
  log: { warn(obj: unknown, msg: string): void };
}

interface Job {
  fileId: string;
  userId: string;
}

/** A file's bytes, whole (documents are at most FILE_SEARCH_LIMITS.maxFileBytes). */
async function bytesOf(deps: IngestDeps, job: Job): Promise<{ bytes: Uint8Array; filename: string }> {
  const { row, body } = await deps.files.read(job.userId, job.fileId);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return { bytes: new Uint8Array(Buffer.concat(chunks)), filename: row.filename };
}

/** Why a file failed, as it is kept: a reader's own message, else a general one (the log has the rest). */
function reasonOf(err: unknown): string {
  const text =
    err instanceof ExtractError || (err instanceof Error && err.message.startsWith('The embeddings'))
      ? err.message
      : 'The file could not be read';
  return text.slice(0, FILE_SEARCH_LIMITS.errorMaxChars);
}

/**
 * Reads, splits and embeds uploaded documents in the background: at most
 * FILE_SEARCH_LIMITS.concurrency at once and perUserConcurrency per person (one person's pile
 * of uploads does not hold everyone else's back), in the order they came otherwise. Each ends
 * ready (its chunks saved) or failed (with its reason). `idle()` settles once nothing is queued
 * or running (tests, shutdown).
 */
export function createIngestQueue(deps: IngestDeps) {
  const queue: Job[] = [];
  const running = new Map<string, number>();
  let active = 0;
  let closed = false;
  let waiters: (() => void)[] = [];

  async function run(job: Job): Promise<void> {
    try {
      const { bytes, filename } = await bytesOf(deps, job);
      const ext = fileSearchExtension(filename);
      if (!ext) throw new ExtractError('The file type cannot be searched');
      const chunks = chunkText(await extractText(bytes, ext), deps.chunking);
      const embeddings = deps.embedder ? await deps.embedder.embed(chunks.map((c) => c.content)) : null;
      await deps.repo.replaceChunks(job.fileId, job.userId, chunks, embeddings);
      await deps.repo.setState(job.fileId, {
        state: 'ready',
        chunks: chunks.length,
        error: null,
        embedded: embeddings !== null,
      });
    } catch (err) {
      if (!(err instanceof ExtractError))
        deps.log.warn({ err, fileId: job.fileId }, 'a document was not indexed');
      // A file deleted meanwhile has no row left to mark: nothing to do.
      await deps.repo.setState(job.fileId, { state: 'failed', error: reasonOf(err) }).catch(() => {});
    }
  }

  function pump(): void {
    while (!closed && active < FILE_SEARCH_LIMITS.concurrency) {
      const at = queue.findIndex((j) => (running.get(j.userId) ?? 0) < FILE_SEARCH_LIMITS.perUserConcurrency);
      if (at < 0) break;
      const [job] = queue.splice(at, 1);
      if (!job) break;
      active++;
      running.set(job.userId, (running.get(job.userId) ?? 0) + 1);
      void run(job).finally(() => {
        active--;
        const n = (running.get(job.userId) ?? 1) - 1;
        if (n === 0) running.delete(job.userId);
        else running.set(job.userId, n);
        pump();
      });
    }
    if (active === 0 && (queue.length === 0 || closed)) {
      const done = waiters;
      waiters = [];
      for (const w of done) w();
    }
  }

  return {
    /** Whether another document may wait its turn now. */
    hasRoom: () => queue.length < FILE_SEARCH_LIMITS.maxQueued,
    add(job: Job): void {
      if (closed) return;
      queue.push(job);
      pump();
    },
    idle(): Promise<void> {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    /** Takes no more; the running ones finish (their files stay processing if cut: read again at start). */
    close(): Promise<void> {
      closed = true;
      queue.length = 0;
      pump();
      return this.idle();
    },
  };
}
export type IngestQueue = ReturnType<typeof createIngestQueue>;
