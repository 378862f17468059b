import type { Readable } from 'node:stream';
import type { FileSource } from '@chat/contract';

/**
 * Where a file's bytes live (LibreChat's `fileStrategy`): one interface, one implementation per
 * store. Keys are made by the server (`images/<user>/<file id>.png`), never from a client's name.
 */
export interface FileStorage {
  readonly source: FileSource;
  /**
   * Streams `body` to the store under `key` (the whole file is never held in memory) and answers
   * the key to read it back by (the store may choose its own, as OpenAI's file ids) and its size.
   */
  put(key: string, body: Readable, contentType: string): Promise<{ key: string; bytes: number }>;
  /** The bytes, as a stream; a `not_found` AppError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Deletes the bytes; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}
