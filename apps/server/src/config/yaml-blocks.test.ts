import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTERFACE_CONFIG, YAML_RATE_LIMIT_DEFAULTS } from '@chat/contract';
import { applyYamlConfig, buildAppConfig } from './app-config.js';
import { ConfigError, parseEnv } from './env.js';
import { loadYamlConfig } from './yaml-config.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function load(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'yaml-blocks-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'librechat.yaml'), text);
  return loadYamlConfig({}, {}, dir)!;
}

function problemsOf(text: string): string {
  try {
    load(text);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected the file to be refused');
}

const secrets = { JWT_SECRET: 'j', JWT_REFRESH_SECRET: 'r', CREDS_KEY: 'c', CREDS_IV: 'i' };
const build = (vars: NodeJS.ProcessEnv, text?: string) =>
  buildAppConfig(parseEnv({ OPENAI_API_KEY: 'sk-test', ...vars }), secrets, text ? load(text) : null);

describe('interface', () => {
  it('reads the welcome, the links, the terms dialog and the parts shown; names the parts it has not', () => {
    const yaml = load(`
interface:
  customWelcome: "  Welcome aboard!  "
  privacyPolicy:
    externalUrl: https://example.com/privacy
    openNewTab: true
  termsOfService:
    externalUrl: https://example.com/tos
    openNewTab: false
    modalAcceptance: true
    modalTitle: Our terms
    modalContent:
      - "# Terms"
      - "Be kind."
  endpointsMenu: false
  presets: false
  sidePanel: false
  bookmarks: false
  prompts: { use: true }
  multiConvo: true
`);
    expect(yaml.ignored.sort()).toEqual(['interface.multiConvo', 'interface.sidePanel']);
    const config = buildAppConfig(parseEnv({ OPENAI_API_KEY: 'k' }), secrets, yaml);
    expect(config.interface).toEqual({
      customWelcome: 'Welcome aboard!',
      privacyPolicy: { externalUrl: 'https://example.com/privacy', openNewTab: true },
      termsOfService: {
        externalUrl: 'https://example.com/tos',
        openNewTab: false,
        modalAcceptance: true,
        modalTitle: 'Our terms',
        modalContent: '# Terms\nBe kind.',
      },
      endpointsMenu: false,
      modelSelect: true,
      parameters: true,
      presets: false,
      bookmarks: false,
      prompts: { use: true },
    });
    const warnings: string[] = [];
    applyYamlConfig([], yaml, (m) => warnings.push(m));
    expect(warnings).toEqual([
      expect.stringMatching(/ignored: interface\.multiConvo, interface\.sidePanel$/),
    ]);
  });

  it('shows everything without the block, and refuses a link that is not http(s) or a toggle that is not a boolean', () => {
    expect(build({}).interface).toEqual(DEFAULT_INTERFACE_CONFIG);
    expect(problemsOf('interface:\n  privacyPolicy:\n    externalUrl: "javascript:alert(1)"\n')).toContain(
      'interface.privacyPolicy.externalUrl: must be an http(s) URL',
    );
    expect(problemsOf('interface:\n  modelSelect: "no"\n')).toContain('interface.modelSelect:');
    expect(problemsOf('interface:\n  customWelcome: ' + 'x'.repeat(2_001) + '\n')).toContain(
      'interface.customWelcome:',
    );
  });
});

describe('rateLimits', () => {
  it('turns on the limits it names, each missing field at LibreChat’s default; the others are named', () => {
    const yaml = load(`
rateLimits:
  fileUploads:
    ipMax: 10
    userWindowInMinutes: 5
  conversationsImport: {}
  mcpApps:
    resourcesPerMinute: 120
`);
    expect(yaml.ignored).toEqual(['rateLimits.mcpApps']);
    const config = buildAppConfig(parseEnv({ OPENAI_API_KEY: 'k' }), secrets, yaml);
    const d = YAML_RATE_LIMIT_DEFAULTS.conversationsImport;
    expect(config.uploadRateLimits).toEqual({
      fileUploads: {
        ip: { max: 10, windowMs: YAML_RATE_LIMIT_DEFAULTS.fileUploads.ipWindowInMinutes * 60_000 },
        user: { max: YAML_RATE_LIMIT_DEFAULTS.fileUploads.userMax, windowMs: 5 * 60_000 },
      },
      conversationsImport: {
        ip: { max: d.ipMax, windowMs: d.ipWindowInMinutes * 60_000 },
        user: { max: d.userMax, windowMs: d.userWindowInMinutes * 60_000 },
      },
    });
    expect(build({}).uploadRateLimits).toEqual({});
    expect(problemsOf('rateLimits:\n  fileUploads:\n    userMax: 0\n')).toContain(
      'rateLimits.fileUploads.userMax:',
    );
  });
});
