import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_CAPABILITIES } from '@chat/contract';
import { buildAppConfig } from './app-config.js';
import { parseEnv } from './env.js';
import { parseYamlConfig } from './yaml-config.js';

const parse = (text: string) => parseYamlConfig(text, '/etc/librechat.yaml', {});
const secrets = {
  JWT_SECRET: 'a'.repeat(64),
  JWT_REFRESH_SECRET: 'b'.repeat(64),
  CREDS_KEY: 'c'.repeat(64),
  CREDS_IV: 'd'.repeat(32),
};
const appConfig = (text: string | null) =>
  buildAppConfig(parseEnv({ OPENAI_API_KEY: 'sk-test' }), secrets, text === null ? null : parse(text));

describe('librechat.yaml endpoints.agents', () => {
  it("reads disableBuilder, capabilities and recursionLimit, and names LibreChat's other keys as not read", () => {
    const yaml = parse(`
version: 1.2.1
endpoints:
  agents:
    disableBuilder: true
    recursionLimit: 10
    maxCitations: 20
    capabilities: ["file_search", "tools", "file_search"]
`);
    expect(yaml.agents).toEqual({
      disableBuilder: true,
      recursionLimit: 10,
      capabilities: ['file_search', 'tools', 'file_search'],
    });
    expect(yaml.ignored).toEqual(['endpoints.agents.maxCitations']);
    const config = appConfig(`
endpoints:
  agents:
    disableBuilder: true
    recursionLimit: 10
    capabilities: ["file_search", "tools", "file_search"]
`);
    expect(config.agents).toEqual({
      use: true,
      disableBuilder: true,
      share: true,
      public: true,
      recursionLimit: 10,
      capabilities: ['file_search', 'tools'],
    });
  });

  it("takes LibreChat's defaults without the block: the builder on, every capability", () => {
    for (const config of [appConfig(null), appConfig('endpoints:\n  agents:\n')]) {
      expect(config.agents).toEqual({
        use: true,
        disableBuilder: false,
        share: true,
        public: true,
        capabilities: DEFAULT_AGENT_CAPABILITIES,
      });
    }
  });

  it('stops start-up on a capability LibreChat has not, and on a recursionLimit out of bounds', () => {
    expect(() => parse('endpoints:\n  agents:\n    capabilities: ["telepathy"]\n')).toThrow(
      /endpoints\.agents\.capabilities\[0\]/,
    );
    expect(() => parse('endpoints:\n  agents:\n    recursionLimit: 0\n')).toThrow(
      /endpoints\.agents\.recursionLimit/,
    );
  });

  it("reads interface.agents as LibreChat's permissions for everyone: no create is no builder", () => {
    const of = (block: string) => appConfig(`interface:\n  agents: ${block}\n`).agents;
    expect(of('false')).toMatchObject({ use: false, disableBuilder: true, share: false, public: false });
    expect(of('true')).toMatchObject({ use: true, disableBuilder: false, share: true, public: true });
    expect(of('{ create: false, public: false }')).toMatchObject({
      use: true,
      disableBuilder: true,
      share: true,
      public: false,
    });
    // Without use, nothing else holds.
    expect(of('{ use: false, create: true, share: true }')).toMatchObject({
      use: false,
      disableBuilder: true,
      share: false,
    });
    expect(
      appConfig('interface:\n  agents: { share: false }\nendpoints:\n  agents:\n    recursionLimit: 3\n')
        .agents,
    ).toMatchObject({
      share: false,
      public: true,
      recursionLimit: 3,
    });
  });
});
