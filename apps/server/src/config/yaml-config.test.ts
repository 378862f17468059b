import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ENDPOINTS, ENDPOINT_NAME_LIMITS } from '@chat/contract';
import { applyYamlConfig, buildAppConfig, endpointsFromEnv } from './app-config.js';
import { ConfigError, parseEnv } from './env.js';
import { configPathFrom, loadYamlConfig } from './yaml-config.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A fresh directory holding `librechat.yaml` (or `name`) with `text`. */
function writeConfig(text: string, name = 'librechat.yaml'): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'yaml-config-'));
  dirs.push(dir);
  const file = join(dir, name);
  writeFileSync(file, text);
  return { dir, file };
}

/** Loads `text` as the librechat.yaml found in its directory (the default path). */
function load(text: string, vars: NodeJS.ProcessEnv = {}) {
  const { dir } = writeConfig(text);
  return loadYamlConfig({}, vars, dir);
}

/** The ConfigError message loading `text` throws. */
function problemsOf(text: string, vars: NodeJS.ProcessEnv = {}): string {
  const { dir, file } = writeConfig(text);
  try {
    loadYamlConfig({}, vars, dir);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    expect(message).toContain(`Invalid configuration in ${file}:`);
    return message;
  }
  throw new Error('expected a ConfigError');
}

// A file as LibreChat's documentation writes one, with sections this server does not implement.
const LIBRECHAT_FILE = `
version: 1.0.5
cache: true
fileStrategy: local
registration:
  socialLogins: ["github", "google"]
  allowedDomains: ["example.com", "Staff.Example.org"]
interface:
  privacyPolicy:
    externalUrl: https://example.com/privacy
  bookmarks: true
endpoints:
  assistants:
    disableBuilder: false
  custom:
    - name: "Mistral"
      apiKey: "\${MISTRAL_API_KEY}"
      baseURL: "https://api.mistral.ai/v1"
      models:
        default: ["mistral-tiny", "mistral-small", "mistral-medium"]
        fetch: true
      titleConvo: true
      titleMethod: "completion"
      titleModel: "mistral-tiny"
      summarize: false
      summaryModel: "mistral-tiny"
      forcePrompt: false
      modelDisplayLabel: "Mistral"
      iconURL: https://example.com/mistral.png
      dropParams: ["stop", "user", "frequency_penalty", "presence_penalty"]
    - name: "Reverse Proxy"
      apiKey: "user_provided"
      baseURL: "user_provided"
      models:
        default: ["gpt-4o-mini"]
      titleModel: current_model
    - name: "OpenRouter"
      apiKey: "\${OPENROUTER_KEY}"
      baseURL: "https://openrouter.ai/api/v1"
      headers:
        HTTP-Referer: "https://chat.example.com"
        X-Title: "\${APP_NAME} chat"
        X-Version: 2
      models:
        default: ["meta-llama/llama-3-70b-instruct"]
      addParams:
        safe_prompt: true
        max_tokens: 2048
        usage_context: { app: "\${APP_NAME}", user: "{{LIBRECHAT_USER_ID}}" }
        stream: false
      dropParams: ["presence_penalty", "messages"]
      directEndpoint: true
`;

describe('librechat.yaml: custom endpoints in LibreChat’s format', () => {
  it('reads every key of a custom endpoint, with ${VAR} values from the environment', () => {
    const yaml = load(LIBRECHAT_FILE, {
      MISTRAL_API_KEY: 'mistral-secret',
      OPENROUTER_KEY: 'or-secret',
      APP_NAME: 'Omni',
    })!;
    expect(yaml.custom.map((e) => e.name)).toEqual(['Mistral', 'Reverse Proxy', 'OpenRouter']);
    const [mistral, proxy, router] = yaml.custom;
    expect(mistral).toEqual({
      name: 'Mistral',
      type: 'custom',
      apiKey: 'mistral-secret',
      baseURL: 'https://api.mistral.ai/v1',
      models: ['mistral-tiny', 'mistral-small', 'mistral-medium'],
      fetchModels: true,
      titleConvo: true,
      titleMethod: 'completion',
      titleModel: 'mistral-tiny',
      summarize: false,
      summaryModel: 'mistral-tiny',
      forcePrompt: false,
      relabelModels: true,
      label: 'Mistral',
      iconURL: 'https://example.com/mistral.png',
      userProvide: false,
      userProvideURL: false,
      isDemo: false,
      dropParams: ['stop', 'user', 'frequency_penalty', 'presence_penalty'],
    });
    // user_provided key and URL; current_model titles with the conversation's model; no title
    // by the model unless titleConvo says so (LibreChat's default).
    expect(proxy).toMatchObject({
      apiKey: '',
      baseURL: undefined,
      userProvide: true,
      userProvideURL: true,
      titleModel: undefined,
      titleConvo: false,
      fetchModels: false,
    });
    expect(router?.headers).toEqual({
      'HTTP-Referer': 'https://chat.example.com',
      'X-Title': 'Omni chat',
      'X-Version': '2',
    });
    // addParams keep their JSON types; ${VAR} is filled now, request placeholders per request.
    expect(router?.addParams).toEqual({
      safe_prompt: true,
      max_tokens: 2048,
      usage_context: { app: 'Omni', user: '{{LIBRECHAT_USER_ID}}' },
    });
    expect(router?.dropParams).toEqual(['presence_penalty']);
    expect(router?.directEndpoint).toBe(true);
    const structured = load(
      'endpoints:\n  custom:\n    - { name: s, apiKey: k, baseURL: "http://h/v1", models: { default: [m] }, titleMethod: structured }\n',
    );
    expect(structured?.custom[0]?.titleMethod).toBe('functions');
    expect(
      problemsOf(`
endpoints:
  custom:
    - name: p
      apiKey: k
      baseURL: "http://h/v1"
      models: { default: [m] }
      customParams:
        paramDefinitions:
          - { key: temperature, range: { min: 1, max: 0.5 } }
          - { key: top_p, default: 2, range: { max: 1 } }
`),
    ).toMatch(
      /paramDefinitions\[0\]\.range: min must not be above max[\s\S]*paramDefinitions\[1\]\.default: must be within the range/,
    );
  });

  it('ignores the sections and keys it does not implement, listing them in one warning', () => {
    const yaml = load(LIBRECHAT_FILE, { MISTRAL_API_KEY: 'm', OPENROUTER_KEY: 'o', APP_NAME: 'a' })!;
    expect(yaml.fileStrategy).toBe('local');
    expect(yaml.socialLogins).toEqual(['github', 'google']);
    expect(yaml.allowedDomains).toEqual(['example.com', 'Staff.Example.org']);
    expect(yaml.ignored.sort()).toEqual(['cache', 'endpoints.assistants'].sort());
    expect(yaml.interface?.bookmarks).toBe(true);
    // What a chat request cannot do without is read but not honoured, and said so by path.
    expect(yaml.unhonoured).toEqual([
      'endpoints.custom[2].addParams.stream (replies are streamed)',
      'endpoints.custom[2].dropParams[1] messages (the conversation is what is sent)',
    ]);
    const warnings: string[] = [];
    applyYamlConfig([], yaml, (m) => warnings.push(m));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/librechat\.yaml: not supported \(yet\), ignored: .*cache/);
    expect(warnings[0]).toContain('endpoints.assistants');
    expect(warnings[0]).not.toContain('interface.bookmarks');
    expect(warnings[1]).toMatch(
      /librechat\.yaml: set but not honoured here: endpoints\.custom\[2\]\.addParams\.stream \(replies are streamed\)/,
    );
    expect(problemsOf(LIBRECHAT_FILE, { MISTRAL_API_KEY: 'm', OPENROUTER_KEY: 'o' })).toContain(
      'endpoints.custom[2].addParams.usage_context: environment variable APP_NAME is not set',
    );
  });

  it('refuses a built-in endpoint name, listing the built-in names', () => {
    const message = problemsOf(`
endpoints:
  custom:
    - name: openAI
      apiKey: k
      baseURL: https://example.com/v1
      models: { default: [m] }
`);
    expect(message).toContain('endpoints.custom[0].name: must not be a built-in endpoint name');
    for (const name of BUILT_IN_ENDPOINTS) expect(message).toContain(name);
  });

  it('accepts the names LibreChat accepts, trimmed, and refuses only what cannot be a name', () => {
    const yaml = load(`
endpoints:
  custom:
    - { name: "  OpenAI (DigitalOcean) ", apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
    - { name: "R&D: GPT-4o + tools/beta", apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
    - { name: "Ünïcode 模型", apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
`);
    expect(yaml?.custom.map((e) => e.name)).toEqual([
      'OpenAI (DigitalOcean)',
      'R&D: GPT-4o + tools/beta',
      'Ünïcode 模型',
    ]);
    const message = problemsOf(`
endpoints:
  custom:
    - { name: "a\\tb", apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
    - { name: __proto__, apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
    - { name: "${'x'.repeat(ENDPOINT_NAME_LIMITS.maxChars + 1)}", apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
    - { name: "  ", apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
`);
    for (const i of [0, 1, 2, 3])
      expect(message).toContain(
        `endpoints.custom[${i}].name: must be 1 to ${ENDPOINT_NAME_LIMITS.maxChars} characters`,
      );
  });

  it('names the file, the path in the document and the problem, never a key', () => {
    const message = problemsOf(
      `
endpoints:
  custom:
    - name: good
      apiKey: sk-literal-secret-one
      baseURL: https://example.com/v1
      models: { default: [m] }
    - name: empty-models
      apiKey: sk-literal-secret-two
      baseURL: ftp://example.com
      models:
        default: []
      titleMethod: guess
    - name: good
      apiKey: \${NOT_SET_ANYWHERE}
      baseURL: https://example.com/v1
      models: { default: [m] }
      headers:
        "bad header": x
`,
      {},
    );
    expect(message).toContain('endpoints.custom[1].models.default: needs at least 1 model');
    expect(message).toContain('endpoints.custom[1].baseURL: must be an http(s) URL or user_provided');
    expect(message).toMatch(/endpoints\.custom\[1\]\.titleMethod: .*completion.*functions/);
    expect(message).toContain('endpoints.custom[2].apiKey: environment variable NOT_SET_ANYWHERE is not set');
    expect(message).toContain('endpoints.custom[2].headers.bad header: is not a valid header name');
    expect(message).not.toMatch(/sk-literal-secret/);
    const twice = problemsOf(`
endpoints:
  custom:
    - { name: same, apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
    - { name: same, apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }
`);
    expect(twice).toContain('endpoints.custom[1].name: is already the name of endpoints.custom[0]');
  });

  it('requires name, apiKey, baseURL and models.default', () => {
    const message = problemsOf('endpoints:\n  custom:\n    - name: bare\n');
    for (const key of ['apiKey', 'baseURL', 'models'])
      expect(message).toMatch(new RegExp(`endpoints\\.custom\\[0\\]\\.${key}: `));
  });

  it('reports a YAML syntax error by position, without quoting the line', () => {
    const message = problemsOf(`
endpoints:
  custom:
    - name: x
      apiKey: "sk-unterminated-secret
`);
    expect(message).toMatch(/line \d+, column \d+: .*\(YAML [A-Z_]+\)/);
    expect(message).not.toContain('sk-unterminated-secret');
    expect(problemsOf('a: 1\na: 2\n')).toMatch(/\(YAML DUPLICATE_KEY\)/);
    expect(problemsOf('- just\n- a list\n')).toContain('the document must be a mapping of keys');
  });

  it("reads an endpoint's maxContextTokens, custom and built-in, within its bounds", () => {
    const yaml = load(`
endpoints:
  openAI:
    maxContextTokens: 64000
  custom:
    - name: local
      apiKey: none
      baseURL: http://127.0.0.1:11434/v1
      models: { default: [qwen3] }
      maxContextTokens: 32768
`)!;
    expect(yaml.custom[0]?.maxContextTokens).toBe(32768);
    const endpoints = applyYamlConfig(
      endpointsFromEnv(parseEnv({ OPENAI_API_KEY: 'sk-test' })),
      yaml,
      () => {},
    );
    expect(endpoints.find((e) => e.name === 'openAI')?.maxContextTokens).toBe(64000);
    expect(problemsOf('endpoints:\n  openAI:\n    maxContextTokens: 10\n')).toMatch(
      /endpoints\.openAI\.maxContextTokens/,
    );
  });

  it('reads overrides of built-in endpoints and model relabelling', () => {
    const yaml = load(`
modelLabels:
  gpt-4.1: GPT Unfiltered
  gpt-4.1-mini: GPT Unfiltered Mini
endpoints:
  openAI:
    titleConvo: false
    titleModel: gpt-4o-mini
    modelDisplayLabel: ChatGPT
    iconURL: /assets/openai.svg
    modelLabels:
      gpt-4.1-mini: Mini
    relabelModels: true
  anthropic:
    titleModel: claude-haiku-4-5
  custom:
    - name: local
      apiKey: none
      baseURL: http://127.0.0.1:11434/v1
      models: { default: [grok-3] }
      modelLabels: { grok-3: G3 }
      relabelModels: false
`)!;
    const warnings: string[] = [];
    const endpoints = applyYamlConfig(
      endpointsFromEnv(parseEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_MODELS: 'gpt-4.1,gpt-4.1-mini' })),
      yaml,
      (m) => warnings.push(m),
    );
    expect(endpoints.map((e) => e.name)).toEqual(['openAI', 'gptPlugins', 'local']);
    expect(endpoints[0]).toMatchObject({
      titleConvo: false,
      titleModel: 'gpt-4o-mini',
      label: 'ChatGPT',
      iconURL: '/assets/openai.svg',
      modelLabels: { 'gpt-4.1': 'GPT Unfiltered', 'gpt-4.1-mini': 'Mini' },
      relabelModels: true,
    });
    // The spec's relabelling is a custom endpoint's default, off when its entry says so.
    expect(endpoints[2]?.relabelModels).toBe(false);
    expect(endpoints[2]?.modelLabels).toEqual({
      'gpt-4.1': 'GPT Unfiltered',
      'gpt-4.1-mini': 'GPT Unfiltered Mini',
      'grok-3': 'G3',
    });
    // anthropic is not configured by the environment: its override is ignored, and said so.
    expect(warnings).toEqual([expect.stringMatching(/endpoints\.anthropic is ignored: the environment/)]);
  });
});

describe('CONFIG_PATH', () => {
  it('reads ./librechat.yaml when present, CONFIG_PATH when set, and nothing otherwise', () => {
    const { dir, file } = writeConfig('version: 1.0.5\n');
    expect(configPathFrom({}, dir)).toBe(file);
    const empty = mkdtempSync(join(tmpdir(), 'yaml-none-'));
    dirs.push(empty);
    expect(configPathFrom({}, empty)).toBeNull();
    expect(loadYamlConfig({}, {}, empty)).toBeNull();

    mkdirSync(join(dir, 'conf'));
    const other = join(dir, 'conf', 'chat.yaml');
    writeFileSync(other, 'endpoints:\n  custom: []\n');
    expect(configPathFrom({ CONFIG_PATH: 'conf/chat.yaml' }, dir)).toBe(other);
    expect(loadYamlConfig({ CONFIG_PATH: other }, {}, empty)).toMatchObject({ file: other, custom: [] });
    expect(() => configPathFrom({ CONFIG_PATH: 'missing.yaml' }, dir)).toThrow(
      /CONFIG_PATH: no file at .*missing\.yaml/,
    );
  });

  it("reads fileStrategy in LibreChat's two forms: one storage, or one per kind of file", () => {
    expect(load('fileStrategy: s3\n')!.fileStrategy).toBe('s3');
    const same = load('fileStrategy: { avatar: s3, image: s3, document: s3 }\n')!;
    expect(same.fileStrategy).toBe('s3');
    expect(same.unhonoured).toEqual([]);
    // One storage keeps every file here: the images' is taken, the others named.
    const mixed = load('fileStrategy: { avatar: s3, image: firebase, document: local }\n')!;
    expect(mixed.fileStrategy).toBe('firebase');
    expect(mixed.unhonoured).toEqual([
      'fileStrategy.avatar (one storage keeps every file here: firebase)',
      'fileStrategy.document (one storage keeps every file here: firebase)',
    ]);
    expect(load('fileStrategy: { document: s3 }\n')!.fileStrategy).toBe('s3');
    // A storage LibreChat has and this product has not stops start-up: files would go elsewhere.
    expect(problemsOf('fileStrategy: azure_blob\n')).toMatch(/fileStrategy: is not a storage offered here/);
    expect(problemsOf('fileStrategy: { image: cloudfront }\n')).toMatch(
      /fileStrategy\.image: is not a storage offered here/,
    );
  });

  it('builds the app config with the custom endpoints after the built-ins and the override flag', () => {
    const env = parseEnv({ OPENAI_API_KEY: 'sk-test' });
    const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
    const plain = load(
      'endpoints:\n  custom:\n    - { name: a, apiKey: k, baseURL: "http://h/v1", models: { default: [m] } }\n',
    );
    const config = buildAppConfig(env, secrets, plain);
    expect(config.endpoints.map((e) => e.name)).toEqual(['openAI', 'gptPlugins', 'a']);
    expect(config.overridesEndpoints).toBe(false);
    const relabelled = load('modelLabels: { gpt-4.1: GPT Unfiltered }\n');
    expect(buildAppConfig(env, secrets, relabelled).overridesEndpoints).toBe(true);
    expect(buildAppConfig(env, secrets).overridesEndpoints).toBe(false);
  });
});
