import type { IncomingMessage } from 'node:http';

/**
 * Resolves once `body` has all arrived or its connection closed, or after `ms` at most. A request
 * refused before its body was read is answered after this (the body read and dropped meanwhile),
 * so a client still sending reads the answer instead of a broken pipe.
 */
export function drained(body: IncomingMessage, ms: number): Promise<void> {
  if (body.complete || body.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      body.off('end', done);
      body.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    body.once('end', done);
    body.once('close', done);
  });
}
