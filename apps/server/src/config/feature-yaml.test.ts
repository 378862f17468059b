import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FileConfig, MemoryConfig, ModelSpecsConfig } from '@chat/contract';
import type { AppConfig } from './app-config.js';
import { buildAppConfig } from './app-config.js';
import { ConfigError, parseEnv } from './env.js';
import { FEATURE_RATE_LIMITS, FEATURE_YAML, type FeatureYamlKey } from './feature-yaml.js';
import { parseYamlConfig, type YamlConfig } from './yaml-config.js';

/**
 * The librechat.yaml blocks the features declare in their folders are one file to the loader: each
 * is checked under its key with the rest of the document, and every bad value, a feature's or
 * not, is named together by its path.
 */
const FILE = '/etc/librechat.yaml';
const parse = (text: string, vars: NodeJS.ProcessEnv = {}) => parseYamlConfig(text, FILE, vars);

function problemsOf(text: string): string {
  try {
    parse(text);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected the file to be refused');
}

/**
 * One bad value per declared block, with the path the start-up error must name. Keyed by the
 * declared keys: a block added to the list without its line here does not compile.
 */
const BAD: Record<FeatureYamlKey, { yaml: string; path: string }> = {
  balance: { yaml: 'balance:\n  startBalance: -1\n', path: 'balance.startBalance' },
  memory: { yaml: 'memory:\n  charLimit: 0\n', path: 'memory.charLimit' },
  modelSpecs: { yaml: 'modelSpecs:\n  list:\n    - name: a\n', path: 'modelSpecs.list[0].label' },
  fileConfig: {
    yaml: 'fileConfig:\n  endpoints:\n    default:\n      supportedMimeTypes: ["image/(png"]\n',
    path: 'fileConfig.endpoints.default.supportedMimeTypes[0]',
  },
  speech: {
    yaml: 'speech:\n  tts:\n    openai:\n      apiKey: "${NOT_SET_HERE}"\n      model: tts-1\n      voices: [alloy]\n',
    path: 'speech.tts.openai.apiKey',
  },
  mcpServers: { yaml: 'mcpServers:\n  s:\n    type: sse\n', path: 'mcpServers.s.url' },
  actions: {
    yaml: 'actions:\n  allowedDomains: ["ftp://files.example.com"]\n',
    path: 'actions.allowedDomains[0]',
  },
};

/** A block whose keys are names (mcpServers' servers) takes an unknown key inside an entry. */
const UNKNOWN: Partial<Record<FeatureYamlKey, { yaml: string; path: string }>> = {
  mcpServers: {
    yaml: 'mcpServers:\n  s:\n    command: x\n    notALibreChatKey: 1\n',
    path: 'mcpServers.s.notALibreChatKey',
  },
};

describe('librechat.yaml blocks declared by features', () => {
  it('lists each block once, under a key of its own', () => {
    const keys = FEATURE_YAML.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(BAD).sort());
    expect(keys).toEqual(expect.arrayContaining(['memory', 'speech', 'balance', 'fileConfig', 'modelSpecs']));
  });

  it.each(FEATURE_YAML.map((d) => d.key))(
    'reads %s with its own schema (not ignored, its unknown keys named)',
    (key) => {
      const plain = parse(`${key}: {}\n`);
      expect(plain.ignored).toEqual([]);
      const unknown = UNKNOWN[key] ?? {
        yaml: `${key}:\n  notALibreChatKey: 1\n`,
        path: `${key}.notALibreChatKey`,
      };
      expect(parse(unknown.yaml).ignored).toEqual([unknown.path]);
    },
  );

  it('takes the rateLimits entries the features read, next to the shared ones', () => {
    expect(FEATURE_RATE_LIMITS).toEqual(expect.arrayContaining(['tts', 'stt']));
    const entries = [...FEATURE_RATE_LIMITS, 'fileUploads', 'conversationsImport'];
    const yaml = parse(`rateLimits:\n${entries.map((e) => `  ${e}:\n    ipMax: 3\n`).join('')}`);
    expect(yaml.ignored).toEqual([]);
    for (const e of entries) expect(yaml.rateLimits?.[e]).toEqual({ ipMax: 3 });
    expect(problemsOf('rateLimits:\n  tts:\n    ipMax: 0\n')).toContain('rateLimits.tts.ipMax:');
  });

  it.each(Object.entries(BAD))('names a bad value of %s by its path', (_key, bad) => {
    expect(problemsOf(bad.yaml)).toContain(`  ${bad.path}: `);
  });

  it("names every bad value at once: each feature's block, the shared ones, the endpoints", () => {
    const text = [
      ...Object.values(BAD).map((b) => b.yaml),
      'registration:\n  allowedDomains: [nodot]\n',
      'rateLimits:\n  stt:\n    userMax: -2\n',
      'endpoints:\n  custom:\n    - name: Mine\n      apiKey: k\n      baseURL: not-a-url\n      models:\n        default: [m]\n',
    ].join('');
    const message = problemsOf(text);
    expect(message.startsWith(`Invalid configuration in ${FILE}:\n`)).toBe(true);
    for (const path of [
      ...Object.values(BAD).map((b) => b.path),
      'registration.allowedDomains[0]',
      'rateLimits.stt.userMax',
      'endpoints.custom[0].baseURL',
    ])
      expect(message).toContain(`  ${path}: `);
    // The environment variable is named; no value of the file is repeated.
    expect(message).toContain('environment variable NOT_SET_HERE is not set');
  });

  it("fills the app config's fields from each block, with and without a file", () => {
    const env = parseEnv({ OPENAI_API_KEY: 'sk-test', CHECK_BALANCE: 'true', START_BALANCE: '9' });
    const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
    const none = buildAppConfig(env, secrets, null);
    expect(none).toMatchObject({ checkBalance: true, startBalance: 9 });
    expect([none.memory, none.modelSpecs, none.fileConfig, none.speech, none.autoRefill]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const yaml: YamlConfig = parse(
      [
        'balance:\n  startBalance: 5\n',
        'memory:\n  personalize: false\n',
        'modelSpecs:\n  list:\n    - name: a\n      label: A\n      preset:\n        endpoint: openAI\n        model: gpt-4o\n',
        'fileConfig:\n  serverFileSizeLimit: 1\n',
        'speech:\n  speechTab:\n    conversationMode: true\n',
      ].join(''),
    );
    const config = buildAppConfig(env, secrets, yaml);
    expect(config.startBalance).toBe(5);
    expect(config.memory?.personalize).toBe(false);
    expect(config.modelSpecs?.list.map((s) => s.name)).toEqual(['a']);
    expect(config.fileConfig?.serverFileSizeLimit).toBe(1024 * 1024);
    expect(config.speech?.tab).toEqual({ conversationMode: true });
  });

  it("types AppConfig's fields by the declarations", () => {
    expectTypeOf<AppConfig['memory']>().toEqualTypeOf<MemoryConfig | undefined>();
    expectTypeOf<AppConfig['modelSpecs']>().toEqualTypeOf<ModelSpecsConfig | undefined>();
    expectTypeOf<AppConfig['fileConfig']>().toEqualTypeOf<FileConfig | undefined>();
    expectTypeOf<AppConfig['checkBalance']>().toEqualTypeOf<boolean>();
    expectTypeOf<AppConfig['startBalance']>().toEqualTypeOf<number>();
    expectTypeOf<YamlConfig['memory']>().not.toBeAny();
  });
});
