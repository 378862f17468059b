import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A small real forward proxy on 127.0.0.1, as an operator's PROXY would be: plain requests in
 * absolute form (`GET http://host:port/path`) are forwarded, `CONNECT host:port` opens a tunnel.
 * Every request it saw is kept in `seen` (`GET http://…`, `CONNECT host:port`). With `auth`
 * (`user:password`) it answers 407 to any request without that Proxy-Authorization.
 */
export interface ForwardProxy {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

export async function startForwardProxy(opts: { auth?: string } = {}): Promise<ForwardProxy> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const expected = opts.auth ? `Basic ${Buffer.from(opts.auth).toString('base64')}` : undefined;
  const allowed = (req: IncomingMessage) => !expected || req.headers['proxy-authorization'] === expected;

  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (!allowed(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute-form requests only');
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    if (!allowed(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
      return;
    }
    const [host = '', port = ''] = (req.url ?? '').split(/:(?=\d+$)/);
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
