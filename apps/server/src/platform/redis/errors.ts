/**
 * What ioredis says when Redis does not answer: a command that waited through its reconnection
 * attempts (`maxRetriesPerRequest`) and gave up, or one sent on a connection already closed.
 * Such an error answers 503 service_unavailable like a database that does not answer: the request
 * may simply be tried again once Redis is back, which the instances rebuild on reconnecting.
 */
const UNAVAILABLE_MESSAGES = [
  /^Reached the max retries per request limit/,
  /^Connection is closed\.?$/,
  /^Stream isn't writeable/,
];

export function isRedisUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    const { name, message } = e as { name?: unknown; message?: unknown };
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
