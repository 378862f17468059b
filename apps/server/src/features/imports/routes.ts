import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { API_ROUTES, IMPORT_LIMITS, type ImportEvent } from '@chat/contract';
import type { Executor } from '../../db/executor.js';
import { openSse } from '../../platform/sse.js';
import { addRoute } from '../../platform/typed-route.js';
import { uploadedFile, type UploadedFile } from './multipart-file.js';
import { MalformedFile } from './item-reader.js';
import { emptyReport, ImportFailed, runImport } from './run-import.js';

/**
 * The file's bytes; a file past the size limit stops the import, and so does a multipart body
 * that ends inside the file (cut off: the client's fault, said as such, not the server's).
 */
async function* fileBytes(file: UploadedFile): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of file.stream as AsyncIterable<Buffer>) {
      if (file.tooLarge) break;
      yield chunk;
    }
  } catch (err) {
    if (err instanceof MalformedFile) throw err;
    throw new MalformedFile('The upload ended before the file did: the multipart body is cut off');
  }
  if (file.tooLarge) {
    throw new MalformedFile(
      `The file is larger than ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB`,
      'payload_too_large',
    );
  }
}

/**
 * POST /api/convos/import: the file is found in the multipart body (400/415 as JSON before
 * anything is read), then the answer becomes an event stream: `{ progress }` events while the
 * file is read, then `{ final, report }`, or `{ error, code, message, report }` when the file
 * turns out malformed (what was imported before stays, each conversation whole).
 */
export function importRoutes(app: FastifyInstance, { db }: { db: Executor }): void {
  const running = new Set<string>();
  addRoute(app, API_ROUTES.importConvos, async ({ user, request, reply }) => {
    // One import at a time per user: a second one while the first runs is refused (409).
    if (running.has(user.id)) {
      request.raw.resume();
      throw new AppError('conflict', 'An import is already running for this account');
    }
    running.add(user.id);
    try {
      await importFile(user.id, request, reply);
    } catch (err) {
      // Refused before the body was read: drain it so the connection can serve the next request.
      request.raw.resume();
      throw err;
    } finally {
      running.delete(user.id);
    }
  });

  async function importFile(userId: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const file = await uploadedFile(request);
    const sse = openSse(reply);
    const send = (event: ImportEvent): void => void sse.send(event);
    sse.onDisconnect(() => file.stream.destroy());
    const length = Number(request.headers['content-length']);
    try {
      const report = await runImport({
        db,
        userId,
        source: fileBytes(file),
        totalBytes: Number.isSafeInteger(length) && length > 0 ? length : null,
        onProgress: send,
      });
      send({ final: true, report });
    } catch (err) {
      if (err instanceof ImportFailed) {
        send({ error: true, code: err.code, message: err.message, report: err.report });
      } else if (!sse.closed) {
        request.log.error({ err }, 'import failed');
        send({ error: true, code: 'internal', message: 'The import failed', report: emptyReport() });
      }
    } finally {
      sse.end();
      // Whatever the client still sends is read and dropped, so the connection closes cleanly.
      request.raw.resume();
    }
  }
}
