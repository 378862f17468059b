import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.js';
import { filesConfigFrom } from './files-config.js';

const env = (vars: Record<string, string>) => parseEnv({ DATA_DIR: '/srv/data', ...vars });

describe('files settings (fileStrategy, FILE_STRATEGY, AWS_*, FIREBASE_*)', () => {
  it('stores locally under DATA_DIR by default', () => {
    expect(filesConfigFrom(env({}), null)).toEqual({ strategy: 'local', dataDir: '/srv/data' });
  });

  it('takes librechat.yaml’s fileStrategy over FILE_STRATEGY', () => {
    const e = env({ FILE_STRATEGY: 's3', AWS_BUCKET_NAME: 'b' });
    expect(filesConfigFrom(e, { fileStrategy: 'local' }).strategy).toBe('local');
    expect(filesConfigFrom(e, null).strategy).toBe('s3');
  });

  it('reads an S3-compatible store, path-style when its URL is given', () => {
    const c = filesConfigFrom(
      env({
        FILE_STRATEGY: 's3',
        AWS_BUCKET_NAME: 'uploads',
        AWS_REGION: 'eu-west-1',
        AWS_ENDPOINT_URL: 'http://minio:9000',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }),
      null,
    );
    expect(c.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'uploads',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(filesConfigFrom(env({ FILE_STRATEGY: 's3', AWS_BUCKET_NAME: 'b' }), null).s3?.forcePathStyle).toBe(
      false,
    );
  });

  it('stops start-up naming what a strategy is missing', () => {
    expect(() => filesConfigFrom(env({ FILE_STRATEGY: 's3' }), null)).toThrow(
      /fileStrategy s3 needs AWS_BUCKET_NAME/,
    );
    expect(() => filesConfigFrom(env({}), { fileStrategy: 'firebase' })).toThrow(
      /FIREBASE_API_KEY, FIREBASE_STORAGE_BUCKET/,
    );
    expect(() => filesConfigFrom(env({ FILE_STRATEGY: 'openai' }), null)).toThrow(/OPENAI_API_KEY/);
    expect(() => env({ FILE_STRATEGY: 'dropbox' })).toThrow(/FILE_STRATEGY/);
  });
});
