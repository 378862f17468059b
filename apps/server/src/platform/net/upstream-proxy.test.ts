// PROXY (LibreChat's name): every call to a configured upstream goes through the operator's
// forward proxy, a real one started here in front of the fake upstreams: plain http upstreams as
// absolute-form requests it forwards, https ones through a CONNECT tunnel.
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
  type FakeOpenAIServer,
  type FakeServer,
} from '@chat/fake-upstreams';
import { isErrorEvent, isFinalEvent } from '@chat/contract';
import { configSecrets, type EndpointDefinition } from '../../config/app-config.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import { parseEnv } from '../../config/env.js';
import { createCredentialsResolver } from '../../providers/credentials.js';
import { resolveModelLists } from '../../providers/model-lists.js';
import { createProviderRegistry } from '../../providers/registry.js';
import { chatUser, fakeEndpoint } from '../../../test/support/chat-harness.js';
import { startForwardProxy, type ForwardProxy } from '../../../test/support/forward-proxy.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { FAKE_KEY, fakeProviderEndpoint } from '../../../test/support/provider-harness.js';
import { proxiedFetch } from './upstream-proxy.js';

const PROXY_AUTH = 'relay:p@ss word';
/** The proxy's URL with its credentials, as an operator writes PROXY. */
const withAuth = (proxy: ForwardProxy) =>
  proxy.url.replace('http://', `http://relay:${encodeURIComponent('p@ss word')}@`);

/** What the proxy forwarded to `fake` (absolute-form requests naming its origin). */
const forwardedTo = (proxy: ForwardProxy, fake: { origin: string }) =>
  proxy.seen.filter((line) => line.includes(` ${fake.origin}/`));

describe('PROXY', () => {
  it('is read as an http(s) proxy URL; empty is none', () => {
    expect(parseEnv({ PROXY: 'http://user:pw@proxy.internal:3128' }).PROXY).toBe(
      'http://user:pw@proxy.internal:3128',
    );
    expect(parseEnv({ PROXY: '' }).PROXY).toBeUndefined();
    expect(() => parseEnv({ PROXY: 'socks5://proxy:1080' })).toThrow(/PROXY/);
    expect(() => parseEnv({ PROXY: 'proxy:3128' })).toThrow(/PROXY/);
  });

  it("keeps the proxy's password out of logs", () => {
    expect(configSecrets(testAppConfig({ proxy: 'http://relay:s3cr%40t@proxy.internal:3128' }))).toContain(
      's3cr@t',
    );
    expect(configSecrets(testAppConfig({ proxy: 'http://proxy.internal:3128' }))).toEqual([]);
  });

  describe('in front of plain http upstreams', () => {
    let proxy: ForwardProxy;
    let openai: FakeOpenAIServer;
    let anthropic: FakeServer;
    let gemini: FakeServer;
    let azure: FakeOpenAIServer;
    let h: Harness;
    beforeAll(async () => {
      proxy = await startForwardProxy({ auth: PROXY_AUTH });
      openai = await startFakeOpenAI();
      anthropic = await startFakeAnthropic({ apiKey: FAKE_KEY });
      gemini = await startFakeGemini({ apiKey: FAKE_KEY });
      azure = await startFakeOpenAI({ apiKey: FAKE_KEY });
      const custom: EndpointDefinition = { ...fakeEndpoint(openai), name: 'Mistral', type: 'custom' };
      h = await startTestApp({
        proxy: withAuth(proxy),
        titleConvo: true,
        endpoints: [
          { ...fakeEndpoint(openai), titleModel: 'gpt-4o-mini' },
          custom,
          fakeProviderEndpoint('anthropic', anthropic),
          fakeProviderEndpoint('google', gemini),
          fakeProviderEndpoint('azureOpenAI', azure),
        ],
      });
    });
    afterAll(async () => {
      await h.close();
      await Promise.all([openai.close(), anthropic.close(), gemini.close(), azure.close(), proxy.close()]);
    });

    it.each([
      ['openAI', 'gpt-4o-mini', () => openai],
      ['Mistral', 'gpt-4o-mini', () => openai],
      ['anthropic', 'claude-sonnet-4-6', () => anthropic],
      ['google', 'gemini-2.5-flash', () => gemini],
      ['azureOpenAI', 'gpt-4o', () => azure],
    ] as const)('sends the %s endpoint’s reply through it', async (endpoint, model, fake) => {
      const before = forwardedTo(proxy, fake()).length;
      const u = await chatUser(h, `Proxy ${endpoint}`, { endpoint, model });
      const res = await u.ask({ text: 'Hello through the proxy' });
      expect(res.status).toBe(200);
      expect(isFinalEvent(res.events.at(-1)!.data), JSON.stringify(res.events.at(-1))).toBe(true);
      const after = forwardedTo(proxy, fake());
      expect(after.length).toBeGreaterThan(before);
      expect(after.every((line) => line.startsWith('POST '))).toBe(true);
      expect(proxy.seen.some((line) => line.startsWith('CONNECT'))).toBe(false);
    });

    it("writes a new conversation's title through it too", async () => {
      const u = await chatUser(h, 'Proxy titles');
      const before = forwardedTo(proxy, openai).length;
      const res = await u.ask({ text: 'Name this conversation' });
      expect(res.status).toBe(200);
      // The reply, then the title's own completion.
      await expect
        .poll(() => forwardedTo(proxy, openai).length - before, { timeout: 5000 })
        .toBeGreaterThanOrEqual(2);
    });

    it('asks for the model lists through it', async () => {
      const endpoints = [
        { ...fakeEndpoint(openai), models: [] },
        { ...fakeProviderEndpoint('anthropic', anthropic), models: [] },
        { ...fakeProviderEndpoint('google', gemini), models: [] },
      ];
      const failures = await resolveModelLists(endpoints, { fetch: proxiedFetch(withAuth(proxy)) });
      expect(failures).toEqual([]);
      for (const e of endpoints) expect(e.models.length, e.name).toBeGreaterThan(0);
      expect(proxy.seen).toEqual(
        expect.arrayContaining([
          `GET ${openai.origin}/v1/models`,
          expect.stringMatching(new RegExp(`^GET ${anthropic.origin}/.*models`)),
          expect.stringMatching(new RegExp(`^GET ${gemini.origin}/.*models`)),
        ]),
      );
    });

    it('is refused by the proxy without its credentials: the reply fails, nothing goes around it', async () => {
      const bare = await startTestApp({ proxy: proxy.url, endpoints: [fakeEndpoint(openai)] });
      try {
        const served = openai.requests.length;
        const seen = proxy.seen.length;
        const u = await chatUser(bare, 'No proxy auth');
        const res = await u.ask({ text: 'Hello' });
        expect(res.status).toBe(200);
        expect(isErrorEvent(res.events.at(-1)!.data), JSON.stringify(res.events.at(-1))).toBe(true);
        expect(proxy.seen.length).toBeGreaterThan(seen);
        expect(openai.requests.length).toBe(served);
      } finally {
        await bare.close();
      }
    });
  });

  describe('in front of an https upstream', () => {
    const cert = readFileSync(new URL('../../../test/fixtures/tls/localhost-test-cert.pem', import.meta.url));
    const key = readFileSync(new URL('../../../test/fixtures/tls/localhost-test-key.pem', import.meta.url));
    let proxy: ForwardProxy;
    let openai: FakeOpenAIServer;
    let tls: HttpsServer;
    let tlsOrigin: string;
    beforeAll(async () => {
      proxy = await startForwardProxy();
      openai = await startFakeOpenAI();
      // The fake behind TLS: an https server on the loopback that hands each request to it.
      const upstream = new URL(openai.origin);
      tls = createHttpsServer({ cert, key }, (req, res) => {
        const forward = httpRequest(
          {
            host: upstream.hostname,
            port: upstream.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        req.pipe(forward);
      });
      await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
      tlsOrigin = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      tls.closeAllConnections();
      await new Promise<void>((resolve) => tls.close(() => resolve()));
      await Promise.all([openai.close(), proxy.close()]);
    });

    it('streams a reply through a CONNECT tunnel, TLS end to end', async () => {
      const endpoint: EndpointDefinition = { ...fakeEndpoint(openai), baseURL: `${tlsOrigin}/v1` };
      const upstreamFetch = proxiedFetch(proxy.url, { requestTls: { ca: cert } });
      const registry = createProviderRegistry(
        () => [endpoint],
        {},
        { credentials: createCredentialsResolver(undefined, {}, upstreamFetch) },
      );
      const provider = await registry.provider(endpoint, 'u1');
      let text = '';
      for await (const event of provider.stream(
        { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello' }], params: {} },
        new AbortController().signal,
      )) {
        if (event.type === 'text') text += event.text;
        if (event.type === 'error') throw new Error(event.error.message);
      }
      expect(text.length).toBeGreaterThan(0);
      expect(proxy.seen).toEqual([`CONNECT 127.0.0.1:${new URL(tlsOrigin).port}`]);

      // The model list too, through the same tunnel kind.
      expect(await resolveModelLists([{ ...endpoint, models: [] }], { fetch: upstreamFetch })).toEqual([]);
      expect(proxy.seen.every((line) => line.startsWith('CONNECT 127.0.0.1:'))).toBe(true);
    });
  });
});
