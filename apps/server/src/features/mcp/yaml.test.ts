import { describe, expect, it } from 'vitest';
import { MCP_LIMITS } from '@chat/contract';
import { ConfigError } from '../../config/env.js';
import { parseYamlConfig } from '../../config/yaml-config.js';

const vars = { MCP_TOKEN: 'tok-from-env', GH_PAT: 'ghp-secret' };
const parse = (text: string) => parseYamlConfig(text, '/etc/librechat.yaml', vars);

function problemsOf(text: string): string {
  try {
    parse(text);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('librechat.yaml mcpServers', () => {
  it('reads stdio, SSE and streamable HTTP servers, with ${ENV} values and LibreChat’s inference of the type', () => {
    const yaml = parse(`
mcpServers:
  github:
    command: npx
    args: ["-y", "@modelcontextprotocol/server-github"]
    env:
      GITHUB_PERSONAL_ACCESS_TOKEN: "\${GH_PAT}"
    timeout: 120000
  stream:
    url: https://mcp.example.com/sse
    headers:
      Authorization: "Bearer \${MCP_TOKEN}"
      X-User-Id: "{{LIBRECHAT_USER_ID}}"
  web:
    type: http
    url: https://mcp.example.com/mcp
    startup: false
    initTimeout: 5000
    iconPath: /assets/web.svg
    title: Web tools
`);
    expect(yaml.mcpServers).toEqual([
      {
        name: 'github',
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-github'],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp-secret' },
        stderr: 'inherit',
        startup: true,
        timeoutMs: 120_000,
        initTimeoutMs: MCP_LIMITS.defaultInitTimeoutMs,
      },
      {
        name: 'stream',
        type: 'sse',
        url: 'https://mcp.example.com/sse',
        headers: { Authorization: 'Bearer tok-from-env', 'X-User-Id': '{{LIBRECHAT_USER_ID}}' },
        startup: true,
        timeoutMs: MCP_LIMITS.defaultTimeoutMs,
        initTimeoutMs: MCP_LIMITS.defaultInitTimeoutMs,
      },
      {
        name: 'web',
        type: 'streamable-http',
        url: 'https://mcp.example.com/mcp',
        headers: {},
        startup: false,
        title: 'Web tools',
        iconPath: '/assets/web.svg',
        timeoutMs: MCP_LIMITS.defaultTimeoutMs,
        initTimeoutMs: 5000,
      },
    ]);
    expect(yaml.ignored).toEqual([]);
    expect(yaml.unhonoured).toEqual([]);
  });

  it('reports every bad value with its path, together', () => {
    const message = problemsOf(`
mcpServers:
  nocommand:
    args: ["x"]
  badurl:
    type: streamable-http
    url: ftp://example.com/mcp
  "bad name!":
    command: node
  nourl:
    type: sse
  env:
    command: node
    env:
      TOKEN: "\${NOT_SET_ANYWHERE}"
    timeout: -1
`);
    expect(message).toContain('/etc/librechat.yaml');
    expect(message).toContain('mcpServers.nocommand: needs a `command` (stdio) or a `url`');
    expect(message).toContain('mcpServers.badurl.url: must be an http(s) URL');
    expect(message).toContain('mcpServers.bad name!: a server’s name may hold only letters, digits, _ and -');
    expect(message).toContain('mcpServers.nourl.url: is required for a sse server');
    expect(message).toContain('mcpServers.env.env.TOKEN: environment variable NOT_SET_ANYWHERE is not set');
    expect(message).toContain('mcpServers.env.timeout');
  });

  it('warns by name about what it does not act on, never refusing the file', () => {
    const yaml = parse(`
mcpServers:
  gh:
    command: node
    args: []
    chatMenu: false
    customUserVars:
      GH_TOKEN: { title: Token, description: Yours }
    somethingNew: 1
  sock:
    url: wss://mcp.example.com/ws
`);
    expect(yaml.mcpServers?.map((s) => s.name)).toEqual(['gh']);
    expect(yaml.ignored).toEqual(['mcpServers.gh.somethingNew']);
    expect(yaml.unhonoured).toEqual([
      expect.stringMatching(/^mcpServers\.gh\.chatMenu \(/),
      expect.stringMatching(/^mcpServers\.gh\.customUserVars \(/),
      expect.stringMatching(/^mcpServers\.sock \(websocket servers are not supported here/),
    ]);
    // No value of the file is in a warning.
    expect(yaml.unhonoured.join(' ')).not.toContain('wss://');
  });
});
