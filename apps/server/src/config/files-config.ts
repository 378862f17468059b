import { resolve } from 'node:path';
import type { FileSource } from '@chat/contract';
import { ConfigError, type Env } from './env.js';
import type { YamlConfig } from './yaml-config.js';

export interface S3Settings {
  /** An S3-compatible server's URL (AWS_ENDPOINT_URL); AWS's own when absent. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

export interface FirebaseSettings {
  apiKey: string;
  bucket: string;
  baseURL: string;
}

/** Where uploaded files go (features/files/storage). */
export interface FilesConfig {
  strategy: FileSource;
  /** The local strategy keeps files under `<dataDir>/uploads`; temporary uploads go here too. */
  dataDir: string;
  s3?: S3Settings | undefined;
  firebase?: FirebaseSettings | undefined;
}

/**
 * The file strategy: librechat.yaml's fileStrategy, else FILE_STRATEGY, else local. A strategy
 * whose settings are missing stops start-up naming them.
 */
export function filesConfigFrom(env: Env, yaml: Pick<YamlConfig, 'fileStrategy'> | null): FilesConfig {
  const strategy = yaml?.fileStrategy ?? env.FILE_STRATEGY ?? 'local';
  const base: FilesConfig = { strategy, dataDir: resolve(env.DATA_DIR) };
  const missing = (names: string[]) =>
    new ConfigError(`Invalid configuration:\n  fileStrategy ${strategy} needs ${names.join(', ')}`);
  if (strategy === 's3') {
    if (!env.AWS_BUCKET_NAME) throw missing(['AWS_BUCKET_NAME']);
    return {
      ...base,
      s3: {
        endpoint: env.AWS_ENDPOINT_URL || undefined,
        bucket: env.AWS_BUCKET_NAME,
        region: env.AWS_REGION,
        accessKeyId: env.AWS_ACCESS_KEY_ID || undefined,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY || undefined,
        forcePathStyle: env.AWS_FORCE_PATH_STYLE ?? !!env.AWS_ENDPOINT_URL,
      },
    };
  }
  if (strategy === 'firebase') {
    const absent = [
      ...(env.FIREBASE_API_KEY ? [] : ['FIREBASE_API_KEY']),
      ...(env.FIREBASE_STORAGE_BUCKET ? [] : ['FIREBASE_STORAGE_BUCKET']),
    ];
    if (absent.length > 0) throw missing(absent);
    return {
      ...base,
      firebase: {
        apiKey: env.FIREBASE_API_KEY!,
        bucket: env.FIREBASE_STORAGE_BUCKET!,
        baseURL: env.FIREBASE_STORAGE_URL.replace(/\/$/, ''),
      },
    };
  }
  if (strategy === 'openai' && !env.OPENAI_API_KEY) throw missing(['OPENAI_API_KEY']);
  return base;
}
