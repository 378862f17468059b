import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAI_MODERATION, type ApiErrorBody } from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { MODERATION_OFF } from './service.js';
import { moderationConfigFrom } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';

/**
 * A moderation API on the wire (OpenAI's POST /v1/moderations: `{ input }` in, `{ results: [{
 * flagged, categories, … }] }` out): flags any input holding "forbidden", answers 500 for "broken",
 * and records what it was asked with which key.
 */
interface Seen {
  authorization: string | undefined;
  input: unknown;
}
function startModerationApi(): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const { input } = JSON.parse(raw) as { input: string };
      seen.push({ authorization: req.headers.authorization, input });
      if (req.url !== '/v1/moderations' || input.includes('broken')) {
        res.writeHead(500).end('{"error":{"message":"down"}}');
        return;
      }
      const flagged = input.includes('forbidden');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'modr-1',
          model: 'omni-moderation-latest',
          results: [
            { flagged, categories: { violence: flagged }, category_scores: { violence: flagged ? 0.9 : 0 } },
          ],
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}/v1/moderations`, seen });
    }),
  );
}

let h: ChatHarness;
let api: Awaited<ReturnType<typeof startModerationApi>>;

beforeAll(async () => {
  api = await startModerationApi();
  h = await startChatApp({
    titleConvo: false,
    moderation: { ...MODERATION_OFF, openaiModeration: { url: api.url, apiKey: 'sk-moderation' } },
  });
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => api.server.close(resolve));
});

describe('OPENAI_MODERATION', () => {
  it('checks each message with the moderation key before it goes upstream, and lets a clean one through', async () => {
    const u = await chatUser(h, 'Clean');
    const before = h.fake.requests.length;
    const res = await u.ask({ text: 'A harmless question' });
    expect(res.status).toBe(200);
    expect(api.seen.at(-1)).toEqual({ authorization: 'Bearer sk-moderation', input: 'A harmless question' });
    expect(h.fake.requests.length).toBeGreaterThan(before);
  });

  it('refuses a flagged message with the moderation code, before anything is saved or sent upstream', async () => {
    const u = await chatUser(h, 'Flagged');
    const before = h.fake.requests.length;
    const res = await u.ask({ text: 'Something forbidden' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 'moderation',
      message: OPENAI_MODERATION.flaggedText,
    } satisfies ApiErrorBody);
    expect(h.fake.requests.length).toBe(before);
    const list = (await (await u.api('/api/convos?pageNumber=1')).json()) as { conversations: unknown[] };
    expect(list.conversations).toEqual([]);
  });

  it('refuses the send when the check cannot be run (nothing goes through unchecked)', async () => {
    const u = await chatUser(h, 'Broken');
    const before = h.fake.requests.length;
    const res = await u.ask({ text: 'This breaks the broken checker' });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ code: 'upstream_unavailable', message: OPENAI_MODERATION.failedText });
    expect(h.fake.requests.length).toBe(before);
  });
});

describe('OPENAI_MODERATION settings', () => {
  it("reads LibreChat's names: off by default, OpenAI's URL unless OPENAI_MODERATION_REVERSE_PROXY names one", () => {
    expect(moderationConfigFrom(parseEnv({})).openaiModeration).toBeUndefined();
    expect(
      moderationConfigFrom(parseEnv({ OPENAI_MODERATION: 'true', OPENAI_MODERATION_API_KEY: 'sk-m' }))
        .openaiModeration,
    ).toEqual({ url: OPENAI_MODERATION.defaultUrl, apiKey: 'sk-m' });
    expect(
      moderationConfigFrom(
        parseEnv({
          OPENAI_MODERATION: 'TRUE',
          OPENAI_MODERATION_API_KEY: 'sk-m',
          OPENAI_MODERATION_REVERSE_PROXY: 'http://mod.internal/v1/moderations',
        }),
      ).openaiModeration?.url,
    ).toBe('http://mod.internal/v1/moderations');
    expect(() => moderationConfigFrom(parseEnv({ OPENAI_MODERATION: 'true' }))).toThrow(
      /OPENAI_MODERATION: needs OPENAI_MODERATION_API_KEY/,
    );
  });
});
