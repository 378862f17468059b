import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { FILE_ERROR_TEXTS, IMAGE_LIMITS, IMAGE_LIMIT_TEXTS } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { drained } from '../../platform/request-drain.js';
import { requireImageType, type ImageMime } from '../../platform/files/upload.js';

/** An uploaded file, streamed to a temporary file as it arrived. */
export interface ReceivedFile {
  path: string;
  /** Its first bytes (the magic number). */
  head: Uint8Array;
  bytes: number;
  /** The client's name for it: shown back, never used for a path or a type. */
  filename: string;
}

export interface Received {
  file: ReceivedFile | null;
  fields: Record<string, string>;
  /** Removes the temporary file. */
  cleanup(): Promise<void>;
}

export interface ReceiveOptions {
  /** The multipart field that carries the file (`file`; the avatar's `input`). */
  fileField: string;
  /** Largest file accepted: the upload stops as soon as it is passed. */
  maxBytes: number;
  tooLarge: string;
  allowed: readonly ImageMime[];
  /**
   * Checks a file that is not an image instead (a document): its first bytes and its name; a
   * throw refuses the upload as soon as they are in.
   */
  checkHead?: ((head: Uint8Array, filename: string) => void) | undefined;
  /** The text fields read; others are refused. */
  fields: readonly string[];
  tmpDir: string;
}

const HEAD_BYTES = 16;

/** C0 controls (NUL among them) and DEL: no file name carries them; the database refuses NUL. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Collects the first bytes and refuses, as soon as they are in, a file that is not an image. */
function sniffer(requireType: (head: Uint8Array) => void, onHead: (head: Uint8Array) => void): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  const check = () => {
    checked = true;
    requireType(head);
    onHead(head);
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        if (!checked) {
          head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          if (head.length >= HEAD_BYTES) check();
        }
        done(null, chunk);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        if (!checked) check();
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}

/**
 * Reads a multipart upload as it streams in: its text fields, in any order, and its one file,
 * written to a temporary file (never held whole in memory), refused by content as soon as its
 * first bytes are in and by size as soon as it passes `maxBytes`.
 */
export async function receiveUpload(request: FastifyRequest, opts: ReceiveOptions): Promise<Received> {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
  }
  await mkdir(opts.tmpDir, { recursive: true });
  const tmpPath = join(opts.tmpDir, `${randomUUID()}.upload`);
  const cleanup = () => rm(tmpPath, { force: true });
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let writing: Promise<void> | null = null;

  let busboy: InstanceType<typeof Busboy>;
  try {
    busboy = new Busboy({
      headers: { ...request.headers, 'content-type': type },
      limits: {
        files: 1,
        // One more than the fields read: the file sent without a filename arrives as a field,
        // and is refused as such, with its own message.
        fields: opts.fields.length + 1,
        fieldSize: 1024,
        parts: opts.fields.length + 2,
        fileSize: opts.maxBytes,
        headerPairs: 20,
      },
    });
  } catch {
    // No boundary, or one busboy cannot use.
    throw new AppError('validation_error', IMAGE_LIMIT_TEXTS.malformed);
  }

  const done = new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      request.raw.unpipe(busboy);
      // The rest of the body is read and dropped (never kept); the answer goes once it is all in
      // (or after IMAGE_LIMITS.refusalDrainMs), so the client reads it after it stopped sending.
      request.raw.resume();
      const error = err instanceof AppError ? err : new AppError('validation_error', FILE_ERROR_TEXTS.upload);
      void drained(request.raw, IMAGE_LIMITS.refusalDrainMs).then(() => reject(error));
      // Ends the file being written too, so its temporary file can be removed.
      busboy.destroy();
    };
    busboy.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      if (name === opts.fileField) {
        fail(new AppError('validation_error', IMAGE_LIMIT_TEXTS.noFilename(name)));
        return;
      }
      if (!opts.fields.includes(name) || nameTruncated || valueTruncated) {
        fail(new AppError('validation_error', `Unexpected field ${JSON.stringify(name.slice(0, 40))}`));
        return;
      }
      fields[name] = value;
    });
    busboy.on('file', (name: string, stream: BusboyFileStream, filename: string) => {
      if (name !== opts.fileField || file || writing) {
        stream.resume();
        fail(new AppError('validation_error', `Unexpected file field ${JSON.stringify(name.slice(0, 40))}`));
        return;
      }
      const badName = CONTROL.test(filename)
        ? IMAGE_LIMIT_TEXTS.badFilename
        : filename.length > IMAGE_LIMITS.maxFilenameLength
          ? IMAGE_LIMIT_TEXTS.filenameTooLong
          : null;
      if (badName) {
        stream.resume();
        fail(new AppError('validation_error', badName));
        return;
      }
      const received: ReceivedFile = {
        path: tmpPath,
        head: new Uint8Array(),
        bytes: 0,
        filename: filename || 'image',
      };
      stream.on('limit', () => stream.destroy(new AppError('payload_too_large', opts.tooLarge)));
      stream.on('data', (chunk: Buffer) => {
        received.bytes += chunk.length;
      });
      writing = pipeline(
        stream,
        sniffer(
          (head) => (opts.checkHead ? opts.checkHead(head, filename) : requireImageType(head, opts.allowed)),
          (head) => {
            received.head = head;
          },
        ),
        createWriteStream(tmpPath, { mode: 0o600 }),
      ).then(() => {
        file = received;
      });
      writing.catch(fail);
    });
    busboy.on('partsLimit', () => fail(new AppError('validation_error', 'Too many parts')));
    busboy.on('filesLimit', () => fail(new AppError('validation_error', 'Only one file per upload')));
    busboy.on('fieldsLimit', () => fail(new AppError('validation_error', 'Too many fields')));
    busboy.on('error', () => fail(new AppError('validation_error', IMAGE_LIMIT_TEXTS.malformed)));
    // A client that goes away mid-upload: its part-written file is removed.
    request.raw.once('close', () => {
      if (!request.raw.complete) fail(new AppError('validation_error', FILE_ERROR_TEXTS.upload));
    });
    busboy.on('finish', () => {
      (writing ?? Promise.resolve()).then(() => resolve(), fail);
    });
  });
  request.raw.pipe(busboy);
  try {
    await done;
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { file, fields, cleanup };
}
