import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openSse } from './sse.js';

describe('openSse', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('sends the headers set before it, then lets go of their stored copy while the stream lasts', async () => {
    const app = Fastify();
    apps.push(app);
    // As helmet does: headers set on the raw response by a hook.
    app.addHook('onRequest', (_req, reply, done) => {
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      reply.raw.setHeader('content-security-policy', "default-src 'self'");
      done();
    });
    let storedWhileOpen: string[] | undefined;
    app.get('/events', (_req, reply) => {
      const sse = openSse(reply);
      storedWhileOpen = reply.raw.getHeaderNames();
      sse.send({ hello: 'world' });
      sse.end();
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/events`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await res.text()).toBe('event: message\nid: 0\ndata: {"hello":"world"}\n\n');
    expect(storedWhileOpen).toEqual([]);
  });

  it('pings every silent stream after its heartbeat period, and stops with the stream', async () => {
    const app = Fastify();
    apps.push(app);
    const open = new Set<ReturnType<typeof openSse>>();
    app.get('/events', (_req, reply) => {
      const sse = openSse(reply, { heartbeatMs: 1000 });
      open.add(sse);
      sse.send({ n: 1 });
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const read = async (): Promise<string> => {
      const res = await fetch(`${url}/events`);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes(': ping')) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      await reader.cancel();
      return text;
    };
    const started = Date.now();
    const texts = await Promise.all([read(), read()]);
    for (const text of texts) expect(text).toBe('event: message\nid: 0\ndata: {"n":1}\n\n: ping\n\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    for (const sse of open) sse.end();
  });
});
