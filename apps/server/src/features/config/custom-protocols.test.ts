import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, startFakeGemini, type FakeServer } from '@chat/fake-upstreams';
import type { ApiErrorBody, EndpointsConfig } from '@chat/contract';
import { buildAppConfig } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { loadYamlConfig } from '../../config/yaml-config.js';
import { chatUser } from '../../../test/support/chat-harness.js';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { finalOf } from '../../../test/support/sse-client.js';

/**
 * Custom endpoints that speak Anthropic's Messages API (LibreChat's `provider: anthropic`, its
 * baseURL the API's root as LibreChat documents it) and Gemini's API (`provider: google`), each
 * against the fake of its protocol over HTTP, with the endpoint's headers, placeholders and body
 * changes, and the parameters of that protocol.
 */
const ANTHROPIC_KEY = 'sk-ant-custom';
const GEMINI_KEY = 'gemini-custom-key';
let anthropic: FakeServer;
let gemini: FakeServer;
let h: Harness;
let dir: string;
let warnings: string[];

beforeAll(async () => {
  anthropic = await startFakeAnthropic({ apiKey: ANTHROPIC_KEY });
  gemini = await startFakeGemini({ apiKey: GEMINI_KEY });
  dir = mkdtempSync(join(tmpdir(), 'custom-protocols-'));
  writeFileSync(
    join(dir, 'librechat.yaml'),
    `
endpoints:
  custom:
    - name: "Claude (Gateway)"
      provider: anthropic
      apiKey: "${ANTHROPIC_KEY}"
      baseURL: "${anthropic.origin}"
      headers:
        anthropic-version: "2023-06-01"
        X-User: "{{LIBRECHAT_USER_ID}}"
      addParams:
        metadata: { user_id: "{{LIBRECHAT_USER_ID}}" }
      customParams:
        paramDefinitions:
          - key: temperature
            type: number
            component: slider
            range: { min: 0, max: 0.7, step: 0.1 }
            default: 0.3
          - key: maxTokens
            default: 500
          - key: frequency_penalty
            default: 0.2
      models: { default: [claude-3-5-sonnet-20241022] }
    - name: Gemini Gateway
      provider: google
      apiKey: "${GEMINI_KEY}"
      baseURL: "${gemini.url}"
      headers:
        X-Conversation: "{{LIBRECHAT_BODY_CONVERSATIONID}}"
      customParams:
        defaultParamsEndpoint: google
        reasoningFormat: reasoning_object
      models: { default: [gemini-custom] }
    - name: Odd params
      apiKey: k
      baseURL: "${gemini.url}"
      customParams:
        defaultParamsEndpoint: bedrock
      models: { default: [m] }
`,
  );
  const env = parseEnv({});
  const yaml = loadYamlConfig(env, {}, dir);
  const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
  warnings = [];
  const { endpoints } = buildAppConfig(env, secrets, yaml, (m) => warnings.push(m));
  h = await startTestApp({ endpoints });
});
afterAll(async () => {
  await h?.close();
  await anthropic?.close();
  await gemini?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('custom endpoints of another protocol', () => {
  it('provider: anthropic sends Messages API requests under the root baseURL', async () => {
    const ann = await chatUser(h, 'Ann', {
      endpoint: 'Claude (Gateway)',
      model: 'claude-3-5-sonnet-20241022',
    });
    const r = await ann.ask({ text: 'Hi [[fake reply="from claude"]]', temperature: 0.5, topK: 20 });
    expect(r.status).toBe(200);
    expect(finalOf(r.events).responseMessage.text).toBe('from claude');
    const sent = anthropic.requests.at(-1)!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(sent.headers['x-user']).toBe(ann.user.user.id);
    expect(sent.body).toMatchObject({
      model: 'claude-3-5-sonnet-20241022',
      stream: true,
      temperature: 0.5,
      top_k: 20,
      metadata: { user_id: ann.user.user.id },
    });
  });

  it('takes the protocol’s parameters with the operator’s paramDefinitions over them', async () => {
    const bo = await chatUser(h, 'Bob', {
      endpoint: 'Claude (Gateway)',
      model: 'claude-3-5-sonnet-20241022',
    });
    // Above the definition's max (0.7), though within Anthropic's own (1): refused.
    const hot = await bo.ask({ text: 'Too hot', temperature: 0.9 });
    expect(hot.status).toBe(400);
    expect((hot.json as ApiErrorBody).code).toBe('validation_error');
    // Unset: the definitions' defaults go upstream (maxTokens is the set's maxOutputTokens).
    const r = await bo.ask({ text: 'Defaults [[fake reply="ok"]]' });
    expect(r.status).toBe(200);
    expect(anthropic.requests.at(-1)?.body).toMatchObject({ temperature: 0.3, max_tokens: 500 });
  });

  it('provider: google sends Gemini requests, with its headers filled', async () => {
    const cy = await chatUser(h, 'Cyd', { endpoint: 'Gemini Gateway', model: 'gemini-custom' });
    const r = await cy.ask({ text: 'Hi [[fake reply="from gemini"]]', topK: 30 });
    expect(r.status).toBe(200);
    const final = finalOf(r.events);
    expect(final.responseMessage.text).toBe('from gemini');
    const sent = gemini.requests.at(-1)!;
    expect(sent.path).toBe('/v1beta/models/gemini-custom:streamGenerateContent');
    expect(sent.headers['x-goog-api-key']).toBe(GEMINI_KEY);
    expect(sent.headers['x-conversation']).toBe(final.conversation.conversationId);
    expect(sent.body).toMatchObject({ generationConfig: { topK: 30 } });
  });

  it('tells the client whose parameters each one takes', async () => {
    const dee = await chatUser(h, 'Dee');
    const endpoints = (await (await dee.api('/api/endpoints')).json()) as EndpointsConfig;
    expect(endpoints['Claude (Gateway)']).toMatchObject({
      type: 'custom',
      paramsType: 'anthropic',
      paramOverrides: {
        temperature: { min: 0, max: 0.7, step: 0.1, default: 0.3 },
        maxOutputTokens: { default: 500 },
      },
    });
    expect(endpoints['Gemini Gateway']).toMatchObject({ type: 'custom', paramsType: 'google' });
    expect(endpoints['Odd params']).not.toHaveProperty('paramsType');
  });

  it('names what it cannot honour in a start-up warning', () => {
    expect(warnings.join('\n')).toMatch(/ignored: .*endpoints\.custom\[1\]\.customParams\.reasoningFormat/);
    expect(warnings.join('\n')).toMatch(
      /not honoured here: .*endpoints\.custom\[2\]\.customParams\.defaultParamsEndpoint bedrock/,
    );
    for (const named of [
      'endpoints.custom[0].customParams.paramDefinitions[0].type (',
      'endpoints.custom[0].customParams.paramDefinitions[0].component (',
      'endpoints.custom[0].customParams.paramDefinitions[2] frequency_penalty (not a parameter of the anthropic set here)',
    ])
      expect(warnings.join('\n')).toContain(named);
  });
});
