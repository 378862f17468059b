import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AppError } from '../../../platform/errors.js';

/** A request to a store's HTTP API; a 404 is `not_found`, any other failure names the store. */
export async function storeFetch(store: string, url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  });
  if (res.status === 404) {
    await res.body?.cancel();
    throw new AppError('not_found', 'File not found');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`${store} storage answered ${res.status}`);
  }
  return res;
}

/** A response's body as a Node stream. */
export function bodyOf(res: Response): Readable {
  if (!res.body) return Readable.from([]);
  return Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>);
}

/** A Node stream as a request body that fetch streams (never buffered whole). */
export function streamBody(body: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>;
}
