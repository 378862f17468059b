import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv as parseDotEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@chat/contract';
import { authed, registerUser, startTestApp, type Harness } from '../../test/support/harness.js';
import { buildAppConfig, loadSecrets } from './app-config.js';
import { envSchema, parseEnv } from './env.js';
import { LIBRECHAT_YAML_ONLY_ENV, UNSUPPORTED_LIBRECHAT_ENV, unsupportedWarning } from './librechat-env.js';
import { parseYamlConfig } from './yaml-config.js';

/**
 * An operator's LibreChat .env and librechat.yaml (test/fixtures/librechat, written in the shape
 * of LibreChat's own examples) start the product as they are: every setting read or named, every
 * key of the file read or named in a warning, nothing fatal.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../../test/fixtures/librechat/${name}`, import.meta.url), 'utf8');
const dotenv = parseDotEnv(fixture('librechat.env'));
// The operator's own variables, named by librechat.yaml's placeholders (not LibreChat settings).
const OWN_VARIABLES = ['DO_API_KEY'];

let h: Harness | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'librechat-files-'));
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("LibreChat's files, moved here", () => {
  it('has every setting of the .env read here, read through librechat.yaml, or named as not read', () => {
    const read = new Set(Object.keys(envSchema.shape));
    const silent = Object.keys(dotenv).filter(
      (key) =>
        !read.has(key) &&
        !LIBRECHAT_YAML_ONLY_ENV.includes(key) &&
        !(key in UNSUPPORTED_LIBRECHAT_ENV) &&
        !OWN_VARIABLES.includes(key),
    );
    expect(silent).toEqual([]);
    // The ones set to something are named in the one start-up warning.
    const warning = unsupportedWarning(dotenv) ?? '';
    for (const key of ['MONGO_URI', 'DEBUG_LOGGING', 'SEARCH', 'MEILI_HOST', 'SD_WEBUI_URL']) {
      expect(warning).toContain(key);
    }
    expect(warning).not.toContain('GOOGLE_CSE_ID'); // set empty: not set
  });

  it('starts the product: the settings parse, the file loads with its ignored keys named, its endpoints answer', async () => {
    const env = parseEnv({ ...dotenv, DATA_DIR: dataDir });
    expect(env.APP_TITLE).toBe('Team Chat');
    expect(env.BAN_DURATION).toBe(2 * 60 * 60 * 1000);
    const yaml = parseYamlConfig(fixture('librechat.yaml'), 'librechat.yaml', { ...dotenv });
    const warnings: string[] = [];
    const config = buildAppConfig(
      env,
      loadSecrets(env, dataDir, () => {}),
      yaml,
      (m) => warnings.push(m),
    );
    // Every sign-in provider LibreChat names is offered here, in the file's order, without a warning.
    expect(warnings.join('\n')).not.toContain('socialLogins');
    expect(config.oauth?.socialLogins).toEqual([
      'github',
      'google',
      'discord',
      'openid',
      'facebook',
      'apple',
      'saml',
    ]);
    // What is not read is named by its path (LibreChat's cache, for one); actions are read.
    expect(yaml.ignored).toContain('cache');
    expect(yaml.ignored).not.toContain('actions');
    expect(config.actions?.allowedDomains).toEqual(['api.example.org', 'example.com']);
    expect(warnings.join('\n')).toContain('cache');

    const custom = config.endpoints.filter((e) => e.type === 'custom');
    expect(custom.map((e) => e.name)).toEqual([
      'xai',
      'Claude-Compatible',
      'groq',
      'Mistral',
      'OpenRouter',
      'OpenAI (DigitalOcean)',
    ]);
    expect(custom.find((e) => e.name === 'xai')?.apiKey).toBe('xai-fixture-key');

    h = await startTestApp({ endpoints: config.endpoints, oauth: config.oauth });
    const user = await registerUser(h.url);
    const res = await authed(h.url, user.token)('/api/endpoints');
    expect(res.status).toBe(200);
    const listed = (await res.json()) as EndpointsConfig;
    for (const name of ['groq', 'Mistral', 'OpenRouter', 'OpenAI (DigitalOcean)', 'Claude-Compatible']) {
      expect(listed[name], name).toBeTruthy();
    }
    expect(listed['Claude-Compatible']?.modelDisplayLabel).toBe('Claude (Compatible)');
  });
});
