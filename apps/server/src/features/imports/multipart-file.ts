import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { IMPORT_LIMITS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';

/** The upload's file part, as a stream; `tooLarge` turns true when it passed the limit. */
export interface UploadedFile {
  stream: Readable;
  readonly tooLarge: boolean;
}

/**
 * The multipart part named `file` of a request, streamed (never buffered): resolves as soon as
 * busboy reaches it, whatever parts come before it. 415 for another content type, 400 when the
 * body ends without a `file` part.
 */
export function uploadedFile(
  request: FastifyRequest,
  field = 'file',
  maxFileBytes: number = IMPORT_LIMITS.maxFileBytes,
): Promise<UploadedFile> {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(
      new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file"'),
    );
  }
  return new Promise((resolve, reject) => {
    let bb: InstanceType<typeof Busboy>;
    try {
      bb = new Busboy({
        headers: { ...request.headers, 'content-type': type },
        limits: {
          files: 1,
          fileSize: Math.min(maxFileBytes, IMPORT_LIMITS.maxFileBytes),
          fields: 10,
          parts: 20,
          fieldSize: 1024,
        },
      });
    } catch {
      reject(new AppError('validation_error', 'The multipart body has no boundary'));
      return;
    }
    let found = false;
    bb.on('file', (name: string, stream: BusboyFileStream) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      found = true;
      let tooLarge = false;
      stream.on('limit', () => {
        tooLarge = true;
      });
      // A body that ends inside the file is an error of this stream, whenever it comes (it may come
      // before anyone reads): held by this listener (never uncaught), and it ends the reading, whose
      // reader then fails with it rather than wait for an end that never comes.
      stream.on('error', (err: Error) => {
        if (!stream.destroyed) stream.destroy(err);
      });
      resolve({
        stream,
        get tooLarge() {
          return tooLarge;
        },
      });
    });
    bb.on('error', (err: unknown) => {
      if (!found)
        reject(
          new AppError('validation_error', `The multipart body is malformed: ${String(err).slice(0, 120)}`),
        );
    });
    bb.on('finish', () => {
      if (!found) reject(new AppError('validation_error', 'The multipart body has no "file" part'));
    });
    request.raw.pipe(bb);
  });
}
