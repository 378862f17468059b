import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.js';
import {
  buildAppConfig,
  configSecrets,
  endpointsFromEnv,
  loadSecrets,
  moderationConfigFrom,
  shouldOfferDemo,
} from './app-config.js';
import { testAppConfig } from '../../test/support/app-config.js';

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

describe('the public site’s contact address and social links', () => {
  it('reads CONTACT_EMAIL and SOCIAL_LINKS (Name=https://… pairs, in order), none by default', () => {
    expect(parseEnv({}).SOCIAL_LINKS).toEqual([]);
    expect(parseEnv({}).CONTACT_EMAIL).toBeUndefined();
    const env = parseEnv({
      CONTACT_EMAIL: 'help@example.com',
      SOCIAL_LINKS: ' X=https://x.com/omni , GitHub=https://github.com/omni?tab=repos ',
    });
    expect(env.CONTACT_EMAIL).toBe('help@example.com');
    expect(env.SOCIAL_LINKS).toEqual([
      { name: 'X', url: 'https://x.com/omni' },
      { name: 'GitHub', url: 'https://github.com/omni?tab=repos' },
    ]);
  });

  it('refuses an address that is not an email, and a link without a name or https', () => {
    expect(() => parseEnv({ CONTACT_EMAIL: 'nobody' })).toThrow(/CONTACT_EMAIL/);
    expect(() => parseEnv({ SOCIAL_LINKS: 'https://x.com/omni' })).toThrow(/SOCIAL_LINKS/);
    expect(() => parseEnv({ SOCIAL_LINKS: 'X=http://x.com/omni' })).toThrow(/SOCIAL_LINKS/);
    expect(() => parseEnv({ SOCIAL_LINKS: 'X=javascript:alert(1)' })).toThrow(/SOCIAL_LINKS/);
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

  it('reads Azure, Google and Anthropic by LibreChat’s names, in the spec’s display order', () => {
    const endpoints = endpointsFromEnv(
      parseEnv({
        ANTHROPIC_API_KEY: 'sk-ant-test',
        ANTHROPIC_REVERSE_PROXY: 'http://localhost:4001/v1',
        ANTHROPIC_MODELS: 'claude-sonnet-4-5,claude-haiku-4-5',
        GOOGLE_KEY: 'AIza-test',
        GOOGLE_REVERSE_PROXY: 'http://localhost:4002/v1beta',
        GOOGLE_MODELS: 'gemini-2.5-flash',
        OPENAI_API_KEY: 'sk-test',
        AZURE_API_KEY: 'azure-test-key',
        AZURE_OPENAI_API_INSTANCE_NAME: 'my-instance',
        AZURE_OPENAI_API_DEPLOYMENT_NAME: 'gpt-4o-deploy',
        AZURE_OPENAI_API_VERSION: '2024-10-21',
        AZURE_OPENAI_MODELS: 'gpt-4o',
        AZURE_OPENAI_BASEURL: 'https://gateway.example/azure/${INSTANCE_NAME}/${DEPLOYMENT_NAME}',
      }),
    );
    // gptPlugins comes with OpenAI, on its key and URL (LibreChat's PLUGIN_MODELS, else OpenAI's list).
    expect(endpoints.map((e) => e.name)).toEqual([
      'azureOpenAI',
      'openAI',
      'gptPlugins',
      'google',
      'anthropic',
    ]);
    const [azure, openAI, plugins, google, anthropic] = endpoints;
    expect(plugins).toMatchObject({ type: 'gptPlugins', apiKey: openAI!.apiKey, baseURL: openAI!.baseURL });
    expect(azure).toMatchObject({
      type: 'azureOpenAI',
      apiKey: 'azure-test-key',
      azure: { instanceName: 'my-instance', deploymentName: 'gpt-4o-deploy', apiVersion: '2024-10-21' },
      baseURL: 'https://gateway.example/azure/my-instance/gpt-4o-deploy',
      models: ['gpt-4o'],
      fetchModels: false,
      userProvide: false,
    });
    expect(google).toMatchObject({
      type: 'google',
      apiKey: 'AIza-test',
      baseURL: 'http://localhost:4002/v1beta',
      models: ['gemini-2.5-flash'],
    });
    expect(google?.googleServiceAccount).toBeUndefined();
    expect(anthropic).toMatchObject({
      type: 'anthropic',
      apiKey: 'sk-ant-test',
      baseURL: 'http://localhost:4001/v1',
      models: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
    });
    // Without *_MODELS the list is fetched (or the known list offered) at start-up.
    const [fetched] = endpointsFromEnv(parseEnv({ ANTHROPIC_API_KEY: 'sk-ant-test' }));
    expect(fetched).toMatchObject({ models: [], fetchModels: true, baseURL: undefined });
  });

  it('takes user_provided as "each user brings their own" for every key', () => {
    const endpoints = endpointsFromEnv(
      parseEnv({
        AZURE_API_KEY: 'user_provided',
        GOOGLE_KEY: 'user_provided',
        ANTHROPIC_API_KEY: 'user_provided',
      }),
    );
    expect(endpoints.map((e) => [e.name, e.userProvide, e.apiKey])).toEqual([
      ['azureOpenAI', true, ''],
      ['google', true, ''],
      ['anthropic', true, ''],
    ]);
    // Users bring instance, deployment and version too: none is required here.
    expect(endpoints[0]?.azure).toBeUndefined();
  });

  it('stops when an Azure key comes without its instance, deployment or version', () => {
    const start = () =>
      endpointsFromEnv(
        parseEnv({ AZURE_API_KEY: 'azure-secret-value', AZURE_OPENAI_API_INSTANCE_NAME: 'x' }),
      );
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/AZURE_OPENAI_API_DEPLOYMENT_NAME: required when AZURE_API_KEY is set/);
    expect(start).toThrow(/AZURE_OPENAI_API_VERSION: required/);
    expect(start).not.toThrow(/azure-secret-value/);
    // With the model as the deployment, no deployment setting is needed, and none is kept.
    const [byModel] = endpointsFromEnv(
      parseEnv({
        AZURE_API_KEY: 'azure-secret-value',
        AZURE_OPENAI_API_INSTANCE_NAME: 'x',
        AZURE_OPENAI_API_VERSION: '2024-10-21',
        AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: 'true',
        AZURE_OPENAI_BASEURL: 'https://gw.example/${INSTANCE_NAME}/${DEPLOYMENT_NAME}',
      }),
    );
    expect(byModel).toMatchObject({
      azureModelAsDeployment: true,
      azure: { instanceName: 'x', deploymentName: '' },
      baseURL: 'https://gw.example/x/${DEPLOYMENT_NAME}',
    });
    expect(() => parseEnv({ AZURE_OPENAI_BASEURL: 'not a url' })).toThrow(/AZURE_OPENAI_BASEURL/);
    expect(() => parseEnv({ ANTHROPIC_REVERSE_PROXY: 'nope' })).toThrow(/ANTHROPIC_REVERSE_PROXY/);
    expect(() => parseEnv({ GOOGLE_REVERSE_PROXY: 'nope' })).toThrow(/GOOGLE_REVERSE_PROXY/);
  });

  it('reads a service account JSON in GOOGLE_KEY (Vertex AI), with the field checks of an imported key', () => {
    const account = {
      type: 'service_account',
      client_email: 'chat@my-project.iam.gserviceaccount.com',
      project_id: 'my-project',
      private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(1600)}\n-----END PRIVATE KEY-----\n`,
    };
    const [google] = endpointsFromEnv(parseEnv({ GOOGLE_KEY: JSON.stringify(account) }));
    expect(google).toMatchObject({
      apiKey: '',
      userProvide: false,
      googleServiceAccount: {
        client_email: account.client_email,
        project_id: 'my-project',
        private_key: account.private_key,
      },
      googleLocation: 'us-central1',
    });
    // token_uri is kept (where the JWT is exchanged); GOOGLE_LOC names Vertex AI's location.
    const tokenURI = 'https://oauth2.example.test/token';
    const [located] = endpointsFromEnv(
      parseEnv({
        GOOGLE_KEY: JSON.stringify({ ...account, token_uri: tokenURI }),
        GOOGLE_LOC: 'europe-west4',
      }),
    );
    expect(located).toMatchObject({
      googleLocation: 'europe-west4',
      googleServiceAccount: { token_uri: tokenURI },
    });
    expect(() => parseEnv({ GOOGLE_LOC: 'Europe West' })).toThrow(/GOOGLE_LOC/);
    expect(() =>
      endpointsFromEnv(parseEnv({ GOOGLE_KEY: JSON.stringify({ ...account, token_uri: 'not a url' }) })),
    ).toThrow(/GOOGLE_KEY: service account token_uri: must be a URL/);

    const secretKey = `-----BEGIN PRIVATE KEY-----\nSECRET-${'B'.repeat(20)}`;
    const bad = () =>
      endpointsFromEnv(
        parseEnv({
          GOOGLE_KEY: JSON.stringify({ ...account, client_email: 'nobody', private_key: secretKey }),
        }),
      );
    expect(bad).toThrow(/GOOGLE_KEY: service account client_email: must be an e-mail address/);
    expect(bad).toThrow(/GOOGLE_KEY: service account private_key: must be at least 601 characters/);
    expect(bad).not.toThrow(/SECRET-/);
    const notJson = () => endpointsFromEnv(parseEnv({ GOOGLE_KEY: '{"private_key": "SECRET-x", ' }));
    expect(notJson).toThrow(/GOOGLE_KEY: is not valid JSON/);
    expect(notJson).not.toThrow(/SECRET-/);
  });

  it("starts from the endpoint section of LibreChat's .env.example", () => {
    // As LibreChat ships it: Bing with each user's own token, no ChatGPT token (hidden), plugin
    // settings and Azure models without an Azure key ignored.
    const endpoints = endpointsFromEnv(
      parseEnv({
        PROXY: '',
        ANTHROPIC_API_KEY: 'user_provided',
        ANTHROPIC_MODELS: 'claude-1,claude-instant-1,claude-2',
        AZURE_OPENAI_MODELS: 'gpt-3.5-turbo,gpt-4',
        AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: 'TRUE',
        BINGAI_TOKEN: 'user_provided',
        CHATGPT_TOKEN: '',
        CHATGPT_MODELS: 'text-davinci-002-render-sha',
        GOOGLE_KEY: 'user_provided',
        OPENAI_API_KEY: 'user_provided',
        DEBUG_OPENAI: 'false',
        DEBUG_PLUGINS: 'true',
      }),
    );
    expect(endpoints.map((e) => [e.name, e.userProvide, e.models])).toEqual([
      ['openAI', true, []],
      ['gptPlugins', true, []],
      ['bingAI', true, ['BingAI', 'Sydney']],
      ['google', true, []],
      ['anthropic', true, ['claude-1', 'claude-instant-1', 'claude-2']],
    ]);
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
  it('lists the configured keys, header values and private keys for the log scrubber', () => {
    const [openAI] = endpointsFromEnv(parseEnv({ OPENAI_API_KEY: 'sk-env-key' }));
    const config = testAppConfig({
      endpoints: [
        openAI!,
        {
          ...openAI!,
          name: 'c',
          type: 'custom',
          apiKey: 'sk-yaml-key',
          headers: { 'api-key': 'header-secret' },
          googleServiceAccount: { client_email: 'a@b.c', project_id: 'p', private_key: 'PRIVATE' },
        },
      ],
    });
    expect(configSecrets(config)).toEqual(['sk-env-key', 'sk-yaml-key', 'header-secret', 'PRIVATE']);
  });

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

  it("reads USER_URL_ALLOW into the policy for users' base URLs, and stops on a bad entry", () => {
    const secrets = loadSecrets(parseEnv({}), mkdtempSync(join(tmpdir(), 'secrets-')), () => {});
    const config = buildAppConfig(
      parseEnv({ USER_URL_ALLOW: ' 127.0.0.1, 10.0.0.0/8 ,ollama.internal,' }),
      secrets,
    );
    expect(config.userURLPolicy).toEqual({ allow: ['127.0.0.1', '10.0.0.0/8', 'ollama.internal'] });
    expect(buildAppConfig(parseEnv({}), secrets).userURLPolicy).toBeUndefined();
    expect(() => parseEnv({ USER_URL_ALLOW: '127.0.0.1,10.0.0.0/40' })).toThrow(
      /USER_URL_ALLOW: "10\.0\.0\.0\/40" is not a valid CIDR range/,
    );
  });

  it("reads the legacy upstreams by LibreChat's names, hidden unless configured", () => {
    expect(endpointsFromEnv(parseEnv({})).map((e) => e.name)).toEqual([]);
    const endpoints = endpointsFromEnv(
      parseEnv({
        BINGAI_TOKEN: 'bing-cookie',
        BINGAI_HOST: 'http://127.0.0.1:4010',
        CHATGPT_TOKEN: 'access-token',
        CHATGPT_REVERSE_PROXY: 'http://127.0.0.1:4011/backend-api/conversation',
        CHATGPT_MODELS: 'text-davinci-002-render-sha,gpt-4o',
        OPENAI_API_KEY: 'sk-test',
      }),
    );
    // The spec's display order: openAI, chatGPTBrowser, gptPlugins (with OpenAI), bingAI.
    expect(endpoints.map((e) => e.name)).toEqual(['openAI', 'chatGPTBrowser', 'gptPlugins', 'bingAI']);
    expect(endpoints[1]).toMatchObject({
      type: 'chatGPTBrowser',
      apiKey: 'access-token',
      baseURL: 'http://127.0.0.1:4011/backend-api/conversation',
      models: ['text-davinci-002-render-sha', 'gpt-4o'],
      fetchModels: false,
      titleConvo: false,
    });
    expect(endpoints[3]).toMatchObject({
      type: 'bingAI',
      apiKey: 'bing-cookie',
      baseURL: 'http://127.0.0.1:4010',
      models: ['BingAI', 'Sydney'],
    });
    expect(() => parseEnv({ BINGAI_HOST: 'bing.com' })).toThrow(/BINGAI_HOST/);
  });
});

describe('mail', () => {
  const secrets = {
    JWT_SECRET: 'j'.repeat(32),
    JWT_REFRESH_SECRET: 'r'.repeat(32),
    CREDS_KEY: '0'.repeat(64),
    CREDS_IV: '0'.repeat(32),
  };
  const build = (env: Record<string, string>) => buildAppConfig(parseEnv(env), secrets);

  it('is configured by a host or service with a sender, by LibreChat’s names', () => {
    const config = build({
      EMAIL_HOST: 'smtp.example.com',
      EMAIL_PORT: '465',
      EMAIL_ENCRYPTION: 'TLS',
      EMAIL_USERNAME: 'user',
      EMAIL_PASSWORD: 'smtp-password',
      EMAIL_FROM: 'noreply@example.com',
      EMAIL_FROM_NAME: 'Chat',
      DOMAIN_CLIENT: 'https://chat.example.com/',
    });
    expect(config.mail).toMatchObject({
      host: 'smtp.example.com',
      port: 465,
      encryption: 'tls',
      username: 'user',
      from: 'noreply@example.com',
      fromName: 'Chat',
    });
    expect(config.clientOrigin).toBe('https://chat.example.com');
    expect(configSecrets(config)).toContain('smtp-password');
    expect(build({ EMAIL_SERVICE: 'gmail', EMAIL_FROM: 'a@example.com' }).mail).toMatchObject({
      service: 'gmail',
    });
  });

  it('is off without a sender or without a host and service; unverified login is off by default', () => {
    expect(build({ EMAIL_HOST: 'smtp.example.com' }).mail).toBeUndefined();
    expect(build({ EMAIL_FROM: 'a@example.com' }).mail).toBeUndefined();
    expect(build({}).allowUnverifiedEmailLogin).toBe(false);
    expect(build({ ALLOW_UNVERIFIED_EMAIL_LOGIN: 'true' }).allowUnverifiedEmailLogin).toBe(true);
    expect(build({ PORT: '4000' }).clientOrigin).toBe('http://localhost:4000');
  });

  it('refuses an unknown EMAIL_ENCRYPTION', () => {
    expect(() => parseEnv({ EMAIL_ENCRYPTION: 'ssl' })).toThrow(/EMAIL_ENCRYPTION/);
  });

  it("reads the moderation settings with LibreChat's defaults and BAN_DURATION as a product", () => {
    expect(moderationConfigFrom(parseEnv({}))).toEqual({
      banViolations: true,
      banDurationMs: 2 * 60 * 60_000,
      banInterval: 20,
      scores: { login: 1, concurrent: 1, message_limit: 1, illegal_model_request: 5 },
      concurrent: { enabled: true, max: 2 },
      messageIp: { enabled: true, max: 40, windowMs: 60_000 },
      messageUser: { enabled: false, max: 40, windowMs: 60_000 },
    });
    const set = moderationConfigFrom(
      parseEnv({
        BAN_VIOLATIONS: 'false',
        BAN_DURATION: '1000 * 60 * 30',
        BAN_INTERVAL: '5',
        ILLEGAL_MODEL_REQ_SCORE: '0',
        LIMIT_MESSAGE_USER: 'TRUE',
        MESSAGE_USER_MAX: '3',
        MESSAGE_USER_WINDOW: '10',
        CONCURRENT_MESSAGE_MAX: '4',
      }),
    );
    expect(set).toMatchObject({
      banViolations: false,
      banDurationMs: 30 * 60_000,
      banInterval: 5,
      scores: { illegal_model_request: 0 },
      concurrent: { max: 4 },
      messageUser: { enabled: true, max: 3, windowMs: 600_000 },
    });
    expect(() => parseEnv({ BAN_DURATION: '2h' })).toThrow(/BAN_DURATION/);
  });
});

describe('Redis (several instances)', () => {
  const secrets = loadSecrets(parseEnv({}), mkdtempSync(join(tmpdir(), 'secrets-')), () => {});

  it('is off without REDIS_URL; with it, the URL and REDIS_KEY_PREFIX; its password is redacted', () => {
    expect(buildAppConfig(parseEnv({}), secrets).redis).toBeUndefined();
    const config = buildAppConfig(
      parseEnv({ REDIS_URL: 'redis://:s3cret%21@cache:6379/2', REDIS_KEY_PREFIX: 'chat:' }),
      secrets,
    );
    expect(config.redis).toEqual({ url: 'redis://:s3cret%21@cache:6379/2', keyPrefix: 'chat:' });
    expect(configSecrets(config)).toContain('s3cret!');
    expect(buildAppConfig(parseEnv({ REDIS_URL: 'rediss://cache' }), secrets).redis?.keyPrefix).toBe('');
  });

  it('refuses a REDIS_URL that is not redis:// or rediss://', () => {
    expect(() => parseEnv({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL: must be a redis/);
  });
});
