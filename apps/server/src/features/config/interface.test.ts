import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTERFACE_CONFIG, type StartupConfig, type TermsStatus } from '@chat/contract';
import { buildAppConfig } from '../../config/app-config.js';
import { parseEnv } from '../../config/env.js';
import { loadYamlConfig } from '../../config/yaml-config.js';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';

/** librechat.yaml `interface` from a real file to GET /api/config, and the terms routes. */
let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'interface-'));
  writeFileSync(
    join(dir, 'librechat.yaml'),
    `
interface:
  customWelcome: Welcome to the team chat!
  privacyPolicy:
    externalUrl: https://example.com/privacy
    openNewTab: true
  termsOfService:
    externalUrl: https://example.com/tos
    modalAcceptance: true
    modalTitle: House rules
    modalContent: |
      # Be kind
      No spam.
  parameters: false
`,
  );
  const env = parseEnv({ OPENAI_API_KEY: 'sk-test' });
  const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
  const config = buildAppConfig(env, secrets, loadYamlConfig(env, {}, dir));
  h = await startTestApp({ interface: config.interface });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/config interface', () => {
  it("answers the file's interface block, without a token", async () => {
    const res = await fetch(`${h.url}/api/config`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as StartupConfig).interface).toEqual({
      customWelcome: 'Welcome to the team chat!',
      privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
      termsOfService: {
        externalUrl: 'https://example.com/tos',
        modalAcceptance: true,
        modalTitle: 'House rules',
        modalContent: '# Be kind\nNo spam.\n',
      },
      endpointsMenu: true,
      modelSelect: true,
      parameters: false,
      presets: true,
    });
  });

  it('answers every part shown without the block', async () => {
    const plain = await startTestApp();
    try {
      const config = (await (await fetch(`${plain.url}/api/config`)).json()) as StartupConfig;
      expect(config.interface).toEqual(DEFAULT_INTERFACE_CONFIG);
    } finally {
      await plain.close();
    }
  });
});

describe('/api/user/terms', () => {
  it("keeps each user's acceptance: false until they accept, then true; another user's stays false", async () => {
    const alice = authed(h.url, (await registerUser(h.url, 'Alice')).token);
    const bob = authed(h.url, (await registerUser(h.url, 'Bob')).token);
    const status = async (api: typeof alice) =>
      ((await (await api('/api/user/terms')).json()) as TermsStatus).termsAccepted;
    expect(await status(alice)).toBe(false);
    const accepted = await alice('/api/user/terms/accept', { method: 'POST' });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ message: 'Terms accepted successfully' });
    expect(await status(alice)).toBe(true);
    expect(await status(bob)).toBe(false);
    expect((await fetch(`${h.url}/api/user/terms`)).status).toBe(401);
    expect((await fetch(`${h.url}/api/user/terms/accept`, { method: 'POST' })).status).toBe(401);
  });
});
