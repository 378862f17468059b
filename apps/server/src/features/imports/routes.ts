import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import { uploadedFile, type UploadedFile } from './multipart-file.js';
import type { ImportJobs } from './jobs.js';

/** Room for the multipart framing around the file in a request's Content-Length. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = (maxFileBytes: number): AppError => {
  const size =
    maxFileBytes >= 1024 * 1024
      ? `${Math.round(maxFileBytes / 1024 / 1024)} MB`
      : `${Math.round(maxFileBytes / 1024)} KB`;
  return new AppError('payload_too_large', `The file is larger than ${size}, the most one import may hold`);
};

/**
 * The file's bytes; a file past the size limit stops the upload, and so does a multipart body
 * that ends inside the file (cut off: the client's fault, said as such, not the server's).
 */
async function* fileBytes(file: UploadedFile, maxFileBytes: number): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of file.stream as AsyncIterable<Buffer>) {
      if (file.tooLarge) break;
      yield chunk;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      'validation_error',
      'The upload ended before the file did: the multipart body is cut off',
    );
  }
  if (file.tooLarge) throw tooLarge(maxFileBytes);
}

/**
 * POST /api/convos/import: the file is found in the multipart body (400/415 before anything is
 * read; 413 at once when its declared length is past the quota), stored as a job, and the answer
 * is 201 `{ message, jobId }` (LibreChat's) as soon as it is stored; the job runs apart.
 * GET /api/convos/import/jobs/:jobId: the caller's own job (404 for anyone else's).
 */
export function importRoutes(
  app: FastifyInstance,
  { jobs, maxFileBytes }: { jobs: ImportJobs; maxFileBytes: number },
): void {
  addRoute(app, API_ROUTES.importConvos, async ({ user, request, reply }) => {
    try {
      const length = Number(request.headers['content-length']);
      if (Number.isSafeInteger(length) && length > maxFileBytes + MULTIPART_OVERHEAD) {
        throw tooLarge(maxFileBytes);
      }
      const file = await uploadedFile(request, 'file', maxFileBytes);
      // A client gone mid-upload: the file's stream would wait for the rest forever.
      request.raw.once('close', () => {
        if (!request.raw.complete)
          file.stream.destroy(new AppError('validation_error', 'The upload was cut short'));
      });
      const jobId = await jobs.create(user.id, fileBytes(file, maxFileBytes));
      return reply.code(201).send({ message: 'Import started', jobId });
    } finally {
      // Whatever the client still sends (a refused or cut upload) is read and dropped, so the
      // connection can serve the next request.
      request.raw.resume();
    }
  });

  addRoute(app, API_ROUTES.importJobStatus, async ({ user, params }) => {
    const job = await jobs.get(user.id, params.jobId);
    if (!job) throw new AppError('not_found', 'Import job not found');
    return job;
  });
}
