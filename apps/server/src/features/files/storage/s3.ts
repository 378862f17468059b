import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../../config/files-config.js';
import { AppError } from '../../../platform/errors.js';
import { lazyModule } from '../../../platform/lazy.js';
import type { FileStorage } from './types.js';

/** The AWS SDK, loaded only where an S3 store is configured, on its first use. */
const aws = lazyModule('@aws-sdk/client-s3', async () => {
  const [s3, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...s3, Upload: storage.Upload };
});

/** The S3 client of the settings: AWS, or any S3-compatible store at AWS_ENDPOINT_URL. */
async function s3Client(s: S3Settings): Promise<S3Client> {
  const { S3Client } = await aws.load();
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
export function s3Storage(settings: S3Settings): FileStorage {
  const Bucket = settings.bucket;
  let client: Promise<S3Client> | undefined;
  const connected = () => {
    client ??= s3Client(settings).catch((err: unknown) => {
      client = undefined;
      throw err;
    });
    return client;
  };
  return {
    source: 's3',
    async put(key, body, contentType) {
      const [c, { Upload, HeadObjectCommand }] = await Promise.all([connected(), aws.load()]);
      await new Upload({
        client: c,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
      }).done();
      const head = await c.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, bytes: head.ContentLength ?? 0 };
    },
    async get(key) {
      const [c, { GetObjectCommand, NoSuchKey, NotFound }] = await Promise.all([connected(), aws.load()]);
      try {
        const out = await c.send(new GetObjectCommand({ Bucket, Key: key }));
        return out.Body as Readable;
      } catch (err) {
        if (err instanceof NoSuchKey || err instanceof NotFound)
          throw new AppError('not_found', 'File not found');
        throw err;
      }
    },
    async delete(key) {
      const [c, { DeleteObjectCommand }] = await Promise.all([connected(), aws.load()]);
      await c.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
