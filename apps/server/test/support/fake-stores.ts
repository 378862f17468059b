import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * In-process fakes of the two HTTP stores, for tests: Firebase Storage's REST API (upload by
 * name, read with alt=media, delete) and OpenAI's Files API (multipart upload, content, delete),
 * each checking the key it is given.
 */
export interface FakeStore {
  url: string;
  objects: Map<string, Buffer>;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    handler(req, res, url).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};

export async function startFakeFirebase(apiKey: string, bucket: string): Promise<FakeStore> {
  const objects = new Map<string, Buffer>();
  const prefix = `/v0/b/${bucket}/o`;
  const { server, url } = await serve(async (req, res, u) => {
    if (u.searchParams.get('key') !== apiKey || !u.pathname.startsWith(prefix)) return json(res, 403, {});
    if (req.method === 'POST' && u.pathname === prefix) {
      const name = u.searchParams.get('name')!;
      const data = await bodyOf(req);
      objects.set(name, data);
      return json(res, 200, {
        name,
        bucket,
        size: String(data.length),
        contentType: req.headers['content-type'],
      });
    }
    const name = decodeURIComponent(u.pathname.slice(prefix.length + 1));
    const data = objects.get(name);
    if (!data) return json(res, 404, { error: { code: 404 } });
    if (req.method === 'DELETE') {
      objects.delete(name);
      res.writeHead(204).end();
      return;
    }
    if (u.searchParams.get('alt') === 'media') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(data);
      return;
    }
    json(res, 200, { name, size: String(data.length) });
  });
  return { url, objects, close: () => new Promise((r) => server.close(() => r())) };
}

export async function startFakeOpenAIFiles(apiKey: string): Promise<FakeStore> {
  const objects = new Map<string, Buffer>();
  const { server, url } = await serve(async (req, res, u) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return json(res, 401, {});
    if (req.method === 'POST' && u.pathname === '/v1/files') {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: new Uint8Array(await bodyOf(req)),
      }).formData();
      const file = form.get('file');
      if (form.get('purpose') !== 'vision' || !(file instanceof Blob)) return json(res, 400, {});
      const id = `file-${randomUUID()}`;
      const data = Buffer.from(await file.arrayBuffer());
      objects.set(id, data);
      return json(res, 200, { id, object: 'file', bytes: data.length, purpose: 'vision' });
    }
    const match = /^\/v1\/files\/([^/]+)(\/content)?$/.exec(u.pathname);
    const data = match ? objects.get(decodeURIComponent(match[1]!)) : undefined;
    if (!match || !data) return json(res, 404, { error: { message: 'No such File object' } });
    if (req.method === 'DELETE') {
      objects.delete(match[1]!);
      return json(res, 200, { id: match[1], deleted: true });
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(data);
  });
  return { url: `${url}/v1`, objects, close: () => new Promise((r) => server.close(() => r())) };
}
