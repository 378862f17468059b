import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch, type ResolvedAddress } from './safe-fetch.js';
import { SsrfError } from './ssrf.js';

/** A local server whose paths script the answers; it records every request it gets. */
let server: http.Server;
let port: number;
const seen: { url: string; method: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url!, method: req.method!, authorization: req.headers.authorization });
    const url = new URL(req.url!, 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to }).end();
    } else if (url.pathname === '/chain') {
      const n = Number(url.searchParams.get('n'));
      res.writeHead(302, { location: n > 0 ? `/chain?n=${n - 1}` : '/hello' }).end();
    } else if (url.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      for (let i = 0; i < 32; i++) res.write(Buffer.alloc(64 * 1024, 1));
      res.end();
    } else if (url.pathname === '/declared-big') {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).write('x');
    } else if (url.pathname === '/gzip-bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
    } else if (url.pathname === '/hang') {
      // never answers
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello ${req.method}`);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const local = { allow: ['127.0.0.1/32'] };
const resolveTo =
  (...addresses: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refused(p: Promise<unknown>, reason?: RegExp): Promise<void> {
  const err = await p.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SsrfError);
  if (reason) expect((err as Error).message).toMatch(reason);
}

describe('safeFetch', () => {
  it('refuses a loopback server by default, before any request reaches it', async () => {
    const before = seen.length;
    await refused(safeFetch(`http://127.0.0.1:${port}/hello`), /loopback/);
    await refused(safeFetch(`http://[::ffff:127.0.0.1]:${port}/hello`), /ipv4Mapped:loopback/);
    await refused(safeFetch(`http://2130706433:${port}/hello`), /loopback/);
    expect(seen.length).toBe(before);
  });

  it('reaches it when the policy allows the range', async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/hello`, {}, local);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello GET');
  });

  it('refuses a name when ANY of its addresses is not allowed (checked after DNS)', async () => {
    await refused(safeFetch('http://internal.test/', {}, { resolve: resolveTo('127.0.0.1') }), /loopback/);
    await refused(
      safeFetch('http://mixed.test/', {}, { resolve: resolveTo('93.184.216.34', '10.0.0.8') }),
      /private/,
    );
    await refused(
      safeFetch('http://meta.test/', {}, { resolve: resolveTo('::ffff:169.254.169.254') }),
      /ipv4Mapped:linkLocal/,
    );
    await refused(safeFetch('http://localhost/'), /local host name/);
  });

  it('connects to the address it checked, resolving once (no DNS rebinding)', async () => {
    let calls = 0;
    const rebinding = async (): Promise<ResolvedAddress[]> => {
      calls++;
      return calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    };
    // `pinned.test` exists in no DNS: the connection can only have used the checked address.
    const res = await safeFetch(`http://pinned.test:${port}/hello`, {}, { ...local, resolve: rebinding });
    expect(await res.text()).toBe('hello GET');
    expect(calls).toBe(1);
  });

  it('checks every redirect hop: an allowed server cannot bounce the request inward', async () => {
    for (const to of [
      `http://127.0.0.2:${port}/hello`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:7f00:2]:${port}/`,
      'http://0xa9fea9fe/',
      'file:///etc/passwd',
      'http://localhost/',
    ]) {
      const before = seen.length;
      await refused(safeFetch(`http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(to)}`, {}, local));
      expect(seen.length - before, to).toBe(1); // the redirecting server only
    }
    await refused(
      safeFetch(
        `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent('http://evil.test/')}`,
        {},
        { ...local, resolve: resolveTo('192.168.1.1') },
      ),
      /private/,
    );
  });

  it('follows up to 5 redirects, not more', async () => {
    const ok = await safeFetch(`http://127.0.0.1:${port}/chain?n=4`, {}, local);
    expect(await ok.text()).toBe('hello GET');
    await refused(safeFetch(`http://127.0.0.1:${port}/chain?n=5`, {}, local), /redirects/);
  });

  it('turns a POST into a GET on 302/303 and drops credentials on a cross-origin hop', async () => {
    const policy = { allow: ['127.0.0.1/32', 'localhost'], resolve: resolveTo('127.0.0.1') };
    const to = encodeURIComponent(`http://localhost:${port}/echo`);
    const res = await safeFetch(
      `http://127.0.0.1:${port}/redirect?status=303&to=${to}`,
      {
        method: 'POST',
        body: '{}',
        headers: { authorization: 'Bearer secret', 'content-type': 'application/json' },
      },
      policy,
    );
    expect(await res.text()).toBe('hello GET');
    const [first, second] = seen.slice(-2);
    expect(first).toMatchObject({ method: 'POST', authorization: 'Bearer secret' });
    expect(second).toMatchObject({ method: 'GET', url: '/echo' });
    expect(second!.authorization).toBeUndefined();
  });

  it('caps the response size, declared or streamed, and after decompression', async () => {
    const opts = { ...local, maxResponseBytes: 1024 * 1024 };
    await refused(safeFetch(`http://127.0.0.1:${port}/declared-big`, {}, opts), /larger than/);
    const big = await safeFetch(`http://127.0.0.1:${port}/big`, {}, opts);
    await refused(big.arrayBuffer(), /larger than/);
    const bomb = await safeFetch(`http://127.0.0.1:${port}/gzip-bomb`, {}, opts);
    await refused(bomb.arrayBuffer(), /larger than/);
  });

  it('gives up after the deadline', async () => {
    const started = Date.now();
    await expect(
      safeFetch(`http://127.0.0.1:${port}/hang`, {}, { ...local, timeoutMs: 300 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
