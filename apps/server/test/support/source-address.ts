import { request } from 'node:http';

export interface PlainResponse {
  status: number;
  body: string;
  json: unknown;
}

/**
 * An HTTP request over a real connection from a chosen source address (any of 127/8 on the
 * loopback), with the headers given (a spoofed X-Forwarded-For, say): what a client elsewhere on
 * the network, or a proxy in front, would send.
 */
export function requestFrom(
  url: string,
  options: {
    localAddress?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
  } = {},
): Promise<PlainResponse> {
  const target = new URL(url);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        localAddress: options.localAddress,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
