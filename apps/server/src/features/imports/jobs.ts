import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_JOB_LIMITS, type ImportJob, type ImportReport } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { importJobChunks, importJobs, type ImportJobRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { emptyReport, ImportFailed, runImport } from './run-import.js';

/** A job being uploaded has no chunk count yet: no instance may take it. */
const UPLOADING = -1;

/** This instance lost the job (its lease ran out and another took it), or is stopping. */
class JobLeft extends Error {}

const yieldToOthers = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The report saved with the job's last batch, whole; null before its first. */
const reportOf = (row: ImportJobRow): ImportReport | null =>
  // A report saved before it had some counts gets them as zero.
  row.report ? { ...emptyReport(), ...row.report, items: row.reportItems ?? [] } : null;

/** The report's parts as stored: the counts, and the items apart. */
const storedReport = ({ items, ...counts }: ImportReport) => ({ report: counts, reportItems: items });

/** The job as its owner sees it (the status route). */
function jobView(row: ImportJobRow): ImportJob {
  const report = reportOf(row) ?? emptyReport();
  const ended = row.status === 'completed' || row.status === 'failed';
  return {
    id: row.id,
    status: row.status,
    progress: { done: row.bytesDone, total: row.totalBytes },
    imported: report.imported,
    skipped: report.skipped,
    report: ended && row.report ? report : null,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ImportJobs {
  /**
   * Stores an upload as a new job of the user (refused with 409 when the user has
   * `maxActiveJobs` waiting or running) and hands it to the runner; `bytes` are the file's.
   */
  create(userId: string, bytes: AsyncIterable<Uint8Array>): Promise<string>;
  /** The user's own job, or null (another user's job is not found either). */
  get(userId: string, jobId: string): Promise<ImportJob | null>;
  /** Looks for jobs to run now (start-up, a new upload, the periodic sweep). */
  kick(): void;
  /** Stops after the current batch, leaving the job for the next instance; resolves when stopped. */
  stop(): Promise<void>;
}

export interface ImportJobsOptions {
  db: Executor;
  clock: () => number;
  log: FastifyBaseLogger;
  maxActiveJobs: number;
  /** This process's name in leases (the Redis instance id, else a random one). */
  instanceId?: string;
}

/**
 * Import jobs in the database: the upload in pieces, the progress saved with each batch, and a
 * lease saying which instance runs the job. Each instance runs one job at a time, claimed with
 * `FOR UPDATE SKIP LOCKED` (two instances never take the same one); a job whose owner stopped
 * without finishing it (its lease ran out, or was given back on a clean stop) is taken over and
 * goes on from its last saved batch.
 */
export function createImportJobs(opts: ImportJobsOptions): ImportJobs {
  const { db, clock, log } = opts;
  const owner = opts.instanceId ?? randomUUID();
  let stopping = false;
  let loop: Promise<void> | null = null;
  let again = false;
  const leaseEnd = (): Date => new Date(clock() + IMPORT_JOB_LIMITS.leaseMs);

  /** Takes one job that is waiting, or whose owner's lease ran out. */
  const claim = async (): Promise<ImportJobRow | null> => {
    const now = new Date(clock());
    return db.transaction(async (tx) => {
      // An upload whose instance stopped mid-way never becomes a job; an ended job goes after a week.
      await tx
        .delete(importJobs)
        .where(
          or(
            and(eq(importJobs.chunks, UPLOADING), lt(importJobs.leaseUntil, now)),
            lt(importJobs.finishedAt, new Date(clock() - IMPORT_JOB_LIMITS.keepEndedMs)),
          ),
        );
      const [candidate] = await tx
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(
          or(
            and(eq(importJobs.status, 'scheduled'), sql`${importJobs.chunks} >= 0`),
            and(
              eq(importJobs.status, 'running'),
              or(sql`${importJobs.leaseUntil} IS NULL`, lt(importJobs.leaseUntil, now)),
            ),
          ),
        )
        .orderBy(asc(importJobs.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!candidate) return null;
      const [row] = await tx
        .update(importJobs)
        .set({ status: 'running', leaseOwner: owner, leaseUntil: leaseEnd(), updatedAt: now })
        .where(eq(importJobs.id, candidate.id))
        .returning();
      return row ?? null;
    });
  };

  /** The stored upload, piece by piece, yielding to other work between pieces. */
  async function* chunksOf(job: ImportJobRow): AsyncIterable<Uint8Array> {
    for (let seq = 0; seq < job.chunks; seq++) {
      const [chunk] = await db
        .select({ data: importJobChunks.data })
        .from(importJobChunks)
        .where(and(eq(importJobChunks.jobId, job.id), eq(importJobChunks.seq, seq)));
      if (!chunk) throw new Error(`import job ${job.id}: piece ${seq} of the file is missing`);
      yield Buffer.from(chunk.data, 'base64');
      await yieldToOthers();
    }
  }

  /** Ends the job (only while this instance holds it) and drops its upload. */
  const finish = async (
    job: ImportJobRow,
    {
      report,
      ...set
    }: Pick<ImportJobRow, 'status'> & { report?: ImportReport; error?: ImportJobRow['error'] },
  ): Promise<void> => {
    await db.transaction(async (tx) => {
      const ended = await tx
        .update(importJobs)
        .set({
          ...set,
          ...(report ? storedReport(report) : {}),
          ...(set.status === 'completed' ? { bytesDone: job.totalBytes } : {}),
          leaseOwner: null,
          leaseUntil: null,
          finishedAt: new Date(clock()),
          updatedAt: new Date(clock()),
        })
        .where(and(eq(importJobs.id, job.id), eq(importJobs.leaseOwner, owner)))
        .returning({ id: importJobs.id });
      if (ended.length > 0) await tx.delete(importJobChunks).where(eq(importJobChunks.jobId, job.id));
    });
  };

  const run = async (job: ImportJobRow): Promise<void> => {
    const resumed = reportOf(job);
    // The items as last saved: written again only when the batch changed them.
    let savedItems = resumed ? resumed.items.length : -1;
    try {
      const report = await runImport({
        db,
        userId: job.userId,
        source: chunksOf(job),
        resume: resumed ? { nextIndex: job.nextIndex, report: resumed } : undefined,
        async checkpoint(tx, progress) {
          const { report: counts, reportItems } = storedReport(progress.report);
          const itemsChanged = reportItems.length !== savedItems;
          const saved = await tx
            .update(importJobs)
            .set({
              nextIndex: progress.nextIndex,
              bytesDone: progress.bytes,
              report: counts,
              ...(itemsChanged ? { reportItems } : {}),
              leaseUntil: leaseEnd(),
              updatedAt: new Date(clock()),
            })
            .where(and(eq(importJobs.id, job.id), eq(importJobs.leaseOwner, owner)))
            .returning({ id: importJobs.id });
          // Another instance took the job over: this batch is rolled back, it writes it.
          if (saved.length === 0) throw new JobLeft();
          savedItems = reportItems.length;
        },
        async between() {
          await yieldToOthers();
          if (stopping) throw new JobLeft();
        },
      });
      await finish(job, { status: 'completed', report });
    } catch (err) {
      if (err instanceof JobLeft) return;
      if (err instanceof ImportFailed) {
        await finish(job, {
          status: 'failed',
          report: err.report,
          error: { code: err.code, message: err.message },
        });
        return;
      }
      log.error({ err, jobId: job.id }, 'import job failed');
      // What the last saved batch says stays the report.
      await finish(job, {
        status: 'failed',
        error: { code: 'internal', message: 'The import failed' },
      }).catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'import job: could not mark it failed'));
    }
  };

  /** Gives a job back on a clean stop, so the next instance (or this one restarted) goes on at once. */
  const release = async (jobId: string): Promise<void> => {
    await db
      .update(importJobs)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(
        and(eq(importJobs.id, jobId), eq(importJobs.leaseOwner, owner), eq(importJobs.status, 'running')),
      );
  };

  const drain = async (): Promise<void> => {
    do {
      again = false;
      for (;;) {
        if (stopping) return;
        const job = await claim();
        if (!job) break;
        await run(job);
        if (stopping) await release(job.id);
      }
    } while (again && !stopping);
  };

  const kick = (): void => {
    if (stopping) return;
    if (loop) {
      again = true;
      return;
    }
    loop = drain()
      .catch((err: unknown) => log.error({ err }, 'import jobs: claiming failed'))
      .finally(() => {
        loop = null;
      });
  };

  return {
    async create(userId, bytes) {
      const id = randomUUID();
      await db.transaction(async (tx) => {
        // One user's uploads are counted one at a time, so two at once cannot both pass.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`import:${userId}`}))`);
        const [active] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(importJobs)
          .where(and(eq(importJobs.userId, userId), inArray(importJobs.status, ['scheduled', 'running'])));
        if ((active?.n ?? 0) >= opts.maxActiveJobs) {
          throw new AppError(
            'conflict',
            opts.maxActiveJobs === 1
              ? 'An import is already running for this account'
              : `${opts.maxActiveJobs} imports are already running for this account`,
          );
        }
        await tx.insert(importJobs).values({
          id,
          userId,
          totalBytes: 0,
          chunks: UPLOADING,
          leaseOwner: owner,
          leaseUntil: leaseEnd(),
        });
      });
      try {
        let seq = 0;
        let total = 0;
        let parts: Buffer[] = [];
        let size = 0;
        const put = async (): Promise<void> => {
          const data = Buffer.concat(parts, size);
          parts = [];
          size = 0;
          await db.insert(importJobChunks).values({ jobId: id, seq, data: data.toString('base64') });
          seq++;
          await db.update(importJobs).set({ leaseUntil: leaseEnd() }).where(eq(importJobs.id, id));
        };
        for await (const chunk of bytes) {
          let at = 0;
          while (at < chunk.length) {
            const take = Math.min(chunk.length - at, IMPORT_JOB_LIMITS.chunkBytes - size);
            parts.push(Buffer.from(chunk.buffer, chunk.byteOffset + at, take));
            size += take;
            at += take;
            total += take;
            if (size === IMPORT_JOB_LIMITS.chunkBytes) await put();
          }
        }
        if (size > 0) await put();
        await db
          .update(importJobs)
          .set({ chunks: seq, totalBytes: total, leaseOwner: null, leaseUntil: null })
          .where(eq(importJobs.id, id));
      } catch (err) {
        await db.delete(importJobs).where(eq(importJobs.id, id));
        throw err;
      }
      kick();
      return id;
    },

    async get(userId, jobId) {
      const [row] = await db
        .select()
        .from(importJobs)
        .where(and(eq(importJobs.id, jobId), eq(importJobs.userId, userId), sql`${importJobs.chunks} >= 0`));
      return row ? jobView(row) : null;
    },

    kick,

    async stop() {
      stopping = true;
      await loop;
    },
  };
}
