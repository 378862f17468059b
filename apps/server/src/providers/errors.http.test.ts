import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '../config/app-config.js';
import { chatUser } from '../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../test/support/harness.js';

// Upstreams that fail below HTTP: the user reads the contract's code and a sentence of ours, never
// what OpenSSL or the socket said (source paths, addresses, ports); the server log gets that.
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

/** A plain TCP server: answers any bytes (a TLS ClientHello included) with plain HTTP text. */
const plain = net.createServer((s) => {
  s.on('data', () => s.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n'));
  s.on('error', () => {});
});
/** A server that resets every connection as soon as the request arrives. */
const resetting = net.createServer((s) => {
  s.on('data', () => s.resetAndDestroy());
  s.on('error', () => {});
});

const listen = async (server: net.Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as net.AddressInfo).port;
};

function endpoint(name: string, baseURL: string): EndpointDefinition {
  return {
    name,
    type: 'custom',
    apiKey: 'sk-test-key-123456',
    baseURL,
    models: ['gpt-4o-mini'],
    titleModel: undefined,
    label: undefined,
    userProvide: false,
    isDemo: false,
  };
}

let h: Harness;
let ports: { plain: number; resetting: number; closed: number };
beforeAll(async () => {
  const spare = net.createServer();
  ports = { plain: await listen(plain), resetting: await listen(resetting), closed: await listen(spare) };
  await new Promise((r) => spare.close(r)); // nothing listens there any more
  h = await startTestApp(
    {
      endpoints: [
        endpoint('tlsToPlain', `https://127.0.0.1:${ports.plain}/v1`),
        endpoint('resets', `http://127.0.0.1:${ports.resetting}/v1`),
        endpoint('closedPort', `http://127.0.0.1:${ports.closed}/v1`),
      ],
    },
    { logger: { level: 'warn', stream } },
  );
});
afterAll(async () => {
  await h.close();
  plain.close();
  resetting.close();
});

/** Text that tells what is behind the provider's address: OpenSSL, paths, stacks, hosts, ports. */
const INTERNALS = /ssl|\.c:\d|deps\/|\/\w+\/\w+\.\w+|\bat \S+ \(|127\.0\.0\.1|localhost|:\d{2,5}\b/i;
/** An error number (ECONNREFUSED, ERR_SSL_…): which one tells an open port from a closed one. */
const ERRNO = /\bE[A-Z_]{4,}\b/;

describe('a provider connection that fails below HTTP', () => {
  it.each([
    ['tlsToPlain', 'upstream_error', /wrong version number|ssl3_get_record|SSL routines/],
    ['resets', 'upstream_error', /ECONNRESET|other side closed|socket hang up/],
    ['closedPort', 'upstream_unavailable', /ECONNREFUSED/],
  ])('%s: the user reads %s and a plain sentence, the log the detail', async (name, code, logged) => {
    const before = lines.length;
    const u = await chatUser(h, `User ${name}`, { endpoint: name, model: 'gpt-4o-mini' });
    const res = await u.ask({ text: 'Hi' });
    const last = res.events.at(-1)?.data as {
      error?: boolean;
      code?: string;
      message?: string;
      conversation?: { conversationId: string };
      responseMessage?: { text: string };
    };
    expect(last).toMatchObject({ error: true, code });
    expect(last.message).toMatch(/^The (connection to the )?provider/);
    expect(last.message).not.toMatch(INTERNALS);
    expect(last.message).not.toMatch(ERRNO);
    // The saved reply (what a reload shows) says no more.
    const saved = await u.messages(last.conversation!.conversationId);
    const reply = saved.find((m) => !m.isCreatedByUser)!;
    expect(reply.error).toBe(true);
    expect(reply.text).not.toMatch(INTERNALS);
    expect(reply.text).not.toMatch(ERRNO);
    expect(JSON.parse(reply.text)).toEqual({ code, message: last.message });
    // The server log has what the network said, and never the key.
    const log = lines.slice(before).join('');
    expect(log).toMatch(logged);
    expect(log).toContain('provider request failed');
    expect(log).not.toContain('sk-test-key-123456');
  });
});
