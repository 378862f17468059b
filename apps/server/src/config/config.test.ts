import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.js';
import { buildAppConfig, endpointsFromEnv, loadSecrets, shouldOfferDemo } from './app-config.js';

describe('environment', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DEMO_ENDPOINT).toBe(true);
    expect(env.ALLOW_REGISTRATION).toBe(true);
  });

  it('stops with the name of a bad setting and what is wrong with it', () => {
    expect(() => parseEnv({ PORT: '99999' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: '99999' })).toThrow(/PORT/);
    expect(() => parseEnv({ CREDS_KEY: 'short' })).toThrow(/CREDS_KEY: must be 64 hex characters/);
    expect(() => parseEnv({ DEMO_ENDPOINT: 'maybe' })).toThrow(/DEMO_ENDPOINT/);
  });
});

describe('endpoints and the demo', () => {
  it('honours OPENAI_API_KEY, OPENAI_REVERSE_PROXY and OPENAI_MODELS as LibreChat does', () => {
    const [openAI] = endpointsFromEnv(
      parseEnv({
        OPENAI_API_KEY: 'sk-test',
        OPENAI_REVERSE_PROXY: 'http://localhost:11434/v1',
        OPENAI_MODELS: 'llama3, qwen2 ,',
      }),
    );
    expect(openAI).toMatchObject({
      name: 'openAI',
      apiKey: 'sk-test',
      baseURL: 'http://localhost:11434/v1',
      models: ['llama3', 'qwen2'],
      allowAnyModel: false,
      userProvide: false,
    });
    const [open] = endpointsFromEnv(parseEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_ALLOW_ANY_MODEL: 'true' }));
    expect(open?.allowAnyModel).toBe(true);
    const [official] = endpointsFromEnv(parseEnv({ OPENAI_API_KEY: 'sk-test' }));
    expect(official?.baseURL).toBe('https://api.openai.com/v1');
    expect(official?.models).toEqual([]);
  });

  it('offers the demo only without a provider and unless DEMO_ENDPOINT=false', () => {
    const none = parseEnv({});
    expect(shouldOfferDemo(none, endpointsFromEnv(none))).toBe(true);
    const withKey = parseEnv({ OPENAI_API_KEY: 'sk-test' });
    expect(shouldOfferDemo(withKey, endpointsFromEnv(withKey))).toBe(false);
    const off = parseEnv({ DEMO_ENDPOINT: 'false' });
    expect(shouldOfferDemo(off, endpointsFromEnv(off))).toBe(false);
  });
});

describe('secrets', () => {
  it('generates missing secrets once, keeps them in DATA_DIR (mode 600) and reuses them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const warnings: string[] = [];
    const first = loadSecrets(parseEnv({}), dir, (m) => warnings.push(m));
    const second = loadSecrets(parseEnv({}), dir, () => {});
    expect(second).toEqual(first);
    expect(first.CREDS_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(warnings[0]).toMatch(/JWT_SECRET/);
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty('JWT_SECRET', first.JWT_SECRET);
  });

  it('prefers secrets from the environment and does not write them to disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const env = parseEnv({
      JWT_SECRET: 'j'.repeat(40),
      JWT_REFRESH_SECRET: 'r'.repeat(40),
      CREDS_KEY: 'a'.repeat(64),
      CREDS_IV: 'b'.repeat(32),
    });
    const secrets = loadSecrets(env, dir, () => {});
    expect(secrets.JWT_SECRET).toBe('j'.repeat(40));
    const config = buildAppConfig(env, secrets);
    expect(new TextDecoder().decode(config.jwtSecret)).toBe('j'.repeat(40));
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow();
  });
});
