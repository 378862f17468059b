import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent byte for byte (no URL normalisation, so `../` and `%00` reach the server as written). */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** One HTTP request with node:http; an event-stream answer is not read (the socket is dropped). */
export function rawRequest(
  baseUrl: string,
  req: RawRequest,
  timeoutMs = 10_000,
  opts: { fresh?: boolean } = {},
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        // An explicit length: without one Node sends a GET's body unframed.
        headers:
          req.body === undefined
            ? req.headers
            : { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        // A fresh connection for requests the server may cut short (an oversized body).
        agent: opts.fresh ? false : agent,
        timeout: timeoutMs,
      },
      (res) => {
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          res.destroy();
          resolve({ status: res.statusCode!, headers: res.headers, text: '', json: undefined, ms: 0 });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          const ms = performance.now() - started;
          resolve({ status: res.statusCode!, headers: res.headers, text, json, ms });
        });
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    r.on('error', reject);
    r.end(req.body);
  });
}
