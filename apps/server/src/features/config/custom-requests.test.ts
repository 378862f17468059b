import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAIServer, type RecordedRequest } from '@chat/fake-upstreams';
import { buildAppConfig } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { loadYamlConfig } from '../../config/yaml-config.js';
import { chatUser, waitFor } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { finalOf } from '../../../test/support/sse-client.js';

/**
 * What a custom endpoint's librechat.yaml settings do to the requests that reach its upstream, seen
 * by the fake as it received them: header placeholders filled per request, addParams merged into
 * the body, dropParams removed from it, and directEndpoint's base URL used as the whole URL.
 */
const KEY = 'sk-shaped-requests';
let fake: FakeOpenAIServer;
let h: Harness;
let dir: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY, models: ['fake-echo'] });
  dir = mkdtempSync(join(tmpdir(), 'custom-requests-'));
  writeFileSync(
    join(dir, 'librechat.yaml'),
    `
endpoints:
  custom:
    - name: Shaped
      apiKey: "${KEY}"
      baseURL: "${fake.url}"
      models: { default: [fake-echo] }
      titleConvo: true
      headers:
        X-Static: plain
        X-User-Id: "{{LIBRECHAT_USER_ID}}"
        X-User-Email: "{{LIBRECHAT_USER_EMAIL}}"
        X-User-Name: "{{LIBRECHAT_USER_NAME}}"
        X-User-Role: "{{LIBRECHAT_USER_ROLE}}"
        X-User-Provider: "{{LIBRECHAT_USER_PROVIDER}}"
        X-User-Verified: "{{LIBRECHAT_USER_EMAILVERIFIED}}"
        X-Conversation: "{{LIBRECHAT_BODY_CONVERSATIONID}}"
        X-Parent: "{{LIBRECHAT_BODY_PARENTMESSAGEID}}"
        X-Message: "{{LIBRECHAT_BODY_MESSAGEID}}"
        X-Unknown: "{{LIBRECHAT_USER_SAMLID}} {{LIBRECHAT_SOMETHING}} {{LIBRECHAT_BODY_MODEL}}"
      addParams:
        max_tokens: 77
        safe_prompt: true
        metadata: { user: "{{LIBRECHAT_USER_ID}}", tags: ["{{LIBRECHAT_BODY_CONVERSATIONID}}"] }
      dropParams: [top_p, frequency_penalty]
    - name: Direct
      apiKey: "${KEY}"
      baseURL: "${fake.url}/chat/completions"
      directEndpoint: true
      models: { default: [fake-echo] }
    - name: Not direct
      apiKey: "${KEY}"
      baseURL: "${fake.url}/chat/completions"
      models: { default: [fake-echo] }
`,
  );
  const env = parseEnv({});
  const yaml = loadYamlConfig(env, {}, dir);
  const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
  h = await startTestApp({ endpoints: buildAppConfig(env, secrets, yaml).endpoints });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

const chats = () => fake.requests.filter((q) => q.path === '/v1/chat/completions');
const bodyOf = (q: RecordedRequest | undefined) => q?.body as Record<string, unknown>;

describe('a custom endpoint’s requests as librechat.yaml shapes them', () => {
  it('fills the user and request placeholders of its headers for each request', async () => {
    const zoe = await chatUser(h, 'Zoë 模型', { endpoint: 'Shaped', model: 'fake-echo' });
    const r = await zoe.ask({ text: 'Hi [[fake reply="shaped"]]', top_p: 0.5, temperature: 0.7 });
    expect(r.status).toBe(200);
    const final = finalOf(r.events);
    const sent = chats().find((q) => q.headers['x-message'] === final.requestMessage.messageId);
    expect(sent?.headers).toMatchObject({
      'x-static': 'plain',
      'x-user-id': zoe.user.user.id,
      'x-user-email': zoe.user.email,
      // Letters a header cannot carry as text are percent-encoded.
      'x-user-name': encodeURIComponent('Zoë 模型').replace(/%20/g, ' '),
      'x-user-role': zoe.user.user.role,
      'x-user-provider': 'local',
      'x-user-verified': String(zoe.user.user.emailVerified),
      'x-conversation': final.conversation.conversationId,
      'x-parent': final.requestMessage.parentMessageId,
      // Fields without a value here, and names LibreChat does not have, stay as written.
      'x-unknown': '{{LIBRECHAT_USER_SAMLID}} {{LIBRECHAT_SOMETHING}} {{LIBRECHAT_BODY_MODEL}}',
    });

    // The next turn's request carries that turn's ids.
    const again = await zoe.ask({
      text: 'Again [[fake reply="twice"]]',
      conversationId: final.conversation.conversationId,
      parentMessageId: final.responseMessage.messageId,
    });
    const second = finalOf(again.events);
    const next = chats().find((q) => q.headers['x-message'] === second.requestMessage.messageId);
    expect(next?.headers['x-parent']).toBe(final.responseMessage.messageId);
    expect(next?.headers['x-conversation']).toBe(final.conversation.conversationId);

    // The model's title request goes out with the same headers, the conversation's id included.
    await waitFor(() =>
      fake.requests.some(
        (q) => q.headers['x-conversation'] === final.conversation.conversationId && !bodyOf(q).stream,
      ),
    );
  });

  it('merges addParams into the body (placeholders filled) and drops dropParams', async () => {
    const ann = await chatUser(h, 'Ann', { endpoint: 'Shaped', model: 'fake-echo' });
    const r = await ann.ask({
      text: 'Params [[fake reply="ok"]]',
      top_p: 0.5,
      frequency_penalty: 0.3,
      temperature: 0.7,
    });
    const final = finalOf(r.events);
    const body = bodyOf(chats().find((q) => q.headers['x-message'] === final.requestMessage.messageId));
    expect(body).toMatchObject({
      model: 'fake-echo',
      stream: true,
      temperature: 0.7,
      max_tokens: 77,
      safe_prompt: true,
      metadata: { user: ann.user.user.id, tags: [final.conversation.conversationId] },
    });
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('frequency_penalty');
  });

  it('with directEndpoint, posts to the base URL itself; without, the path is appended', async () => {
    await h.app.lifecycle.drain(); // the earlier conversations' titles are written
    const before = fake.requests.length;
    const direct = await chatUser(h, 'Dee', { endpoint: 'Direct', model: 'fake-echo' });
    const r = await direct.ask({ text: 'Direct [[fake reply="straight there"]]' });
    expect(finalOf(r.events).responseMessage.text).toBe('straight there');
    expect(fake.requests.slice(before).map((q) => q.path)).toEqual(['/v1/chat/completions']);

    const appended = await chatUser(h, 'Nod', { endpoint: 'Not direct', model: 'fake-echo' });
    const refused = await appended.ask({ text: 'Appended [[fake reply="never"]]' });
    expect(fake.requests.at(-1)?.path).toBe('/v1/chat/completions/chat/completions');
    expect(refused.events.some((e) => 'error' in e.data)).toBe(true);
  });
});
