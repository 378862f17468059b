import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../../config/files-config.js';
import { AppError } from '../../../platform/errors.js';
import type { FileStorage } from './types.js';

/** The S3 client of the settings: AWS, or any S3-compatible store at AWS_ENDPOINT_URL. */
export function s3Client(s: S3Settings): S3Client {
  return new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer
    // trailing-checksum uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3 bucket. Uploads stream through lib-storage's multipart upload (5 MB parts), so
 * a file of unknown length never sits whole in memory.
 */
export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  return {
    source: 's3',
    async put(key, body, contentType) {
      await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType } }).done();
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, bytes: head.ContentLength ?? 0 };
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return out.Body as Readable;
      } catch (err) {
        if (err instanceof NoSuchKey || err instanceof NotFound)
          throw new AppError('not_found', 'File not found');
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
