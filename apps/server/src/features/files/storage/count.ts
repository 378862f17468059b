import { PassThrough, type Readable } from 'node:stream';

/** `body` passed through, with the number of bytes that went by once it has ended. */
export function counted(body: Readable): { stream: PassThrough; bytes: () => number } {
  let bytes = 0;
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  body.on('error', (err) => stream.destroy(err));
  body.pipe(stream);
  return { stream, bytes: () => bytes };
}
