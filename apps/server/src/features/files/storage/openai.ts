import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError } from '../../../platform/errors.js';
import { bodyOf, storeFetch, streamBody } from './http-store.js';
import type { FileStorage } from './types.js';

export interface OpenAIFilesSettings {
  apiKey: string;
  /** The API's base URL, with /v1 (OPENAI_REVERSE_PROXY or OpenAI's own). */
  baseURL: string;
}

/** A multipart body of `purpose=vision` and the file, streamed (never buffered whole). */
function multipart(key: string, body: Readable, contentType: string): { type: string; body: Readable } {
  const boundary = `----chat${randomBytes(12).toString('hex')}`;
  const name = key
    .split('/')
    .pop()!
    .replace(/["\r\n]/g, '');
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nvision\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    );
    for await (const chunk of body) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { type: `multipart/form-data; boundary=${boundary}`, body: Readable.from(parts()) };
}

/** Files kept in OpenAI's Files API (purpose vision); the key is OpenAI's file id. */
export function openaiStorage(s: OpenAIFilesSettings): FileStorage {
  const base = s.baseURL.replace(/\/$/, '');
  const auth = { authorization: `Bearer ${s.apiKey}` };
  return {
    source: 'openai',
    async put(key, body, contentType) {
      const form = multipart(key, body, contentType);
      const res = await storeFetch('openai', `${base}/files`, {
        method: 'POST',
        headers: { ...auth, 'content-type': form.type },
        body: streamBody(form.body),
      });
      const file = (await res.json()) as { id?: unknown; bytes?: unknown };
      if (typeof file.id !== 'string') throw new Error('openai storage answered no file id');
      return { key: file.id, bytes: Number(file.bytes ?? 0) };
    },
    async get(key) {
      return bodyOf(
        await storeFetch('openai', `${base}/files/${encodeURIComponent(key)}/content`, { headers: auth }),
      );
    },
    async delete(key) {
      try {
        const res = await storeFetch('openai', `${base}/files/${encodeURIComponent(key)}`, {
          method: 'DELETE',
          headers: auth,
        });
        await res.body?.cancel();
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'not_found')) throw err;
      }
    },
  };
}
