import { z } from 'zod';
import { MCP_DELIMITER, MCP_LIMITS } from '@chat/contract';
import { yamlBlock, type EnvString } from '../../config/yaml-block.js';

/**
 * librechat.yaml `mcpServers` (LibreChat's MCPServersSchema): the MCP servers whose tools the
 * model may call, by name. One strict object per server whatever its transport, so a key this
 * server does not know is ignored and named like every other unknown key, and a missing or bad
 * value is reported with its path (`mcpServers.files.command`).
 */

interface McpServerBase {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  iconPath?: string | undefined;
  /** Connected when the app starts (default); false: on first use. */
  startup: boolean;
  /** One tool call may take this long. */
  timeoutMs: number;
  /** Connecting and listing the tools may take this long. */
  initTimeoutMs: number;
}

export interface McpStdioServer extends McpServerBase {
  type: 'stdio';
  command: string;
  args: string[];
  /** Added to the SDK's safe default environment of the child; never leaves the server. */
  env: Record<string, string>;
  stderr: 'pipe' | 'ignore' | 'inherit';
}

interface McpHttpServer extends McpServerBase {
  type: 'sse' | 'streamable-http';
  /** May hold `{{LIBRECHAT_USER_…}}` placeholders (then each user has a connection of their own). */
  url: string;
  /** Values may hold secrets: never logged. */
  headers: Record<string, string>;
}

export type McpServerConfig = McpStdioServer | McpHttpServer;

const SERVER_NAME = /^[A-Za-z0-9_-]+$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Keys LibreChat reads that this server does not act on: read, named in one warning. */
const NOT_HONOURED: Readonly<Record<string, string>> = {
  chatMenu: 'there is no MCP menu in the chat; the tools are chosen among the plugins',
  serverInstructions: 'the server’s instructions are not added to the prompt',
  requiresOAuth: 'no OAuth sign-in to MCP servers here',
  oauth: 'no OAuth sign-in to MCP servers here',
  oauth_headers: 'no OAuth sign-in to MCP servers here',
  apiKey: 'set the key in `headers` instead',
  obo: 'no token exchange here',
  customUserVars: 'users cannot give values of their own here',
  sseReadTimeout: 'the SDK’s own read timeout applies',
};

const isUrlOf = (protocols: readonly string[]) => (v: string) => {
  try {
    return protocols.includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/**
 * The block's schema; `str` is a string whose `${VAR}` references are filled from the
 * environment (an unset one is an error with its path).
 */
function yamlMcpServersSchema(str: EnvString) {
  const headerValue = z
    .union([z.string(), z.number(), z.boolean()])
    .transform(String)
    .pipe(str)
    .refine((v) => !/[\r\n\0]/.test(v), 'must not contain a line break or NUL');
  const ms = z.number().int().nonnegative();
  const server = z
    .strictObject({
      type: z.enum(['stdio', 'sse', 'streamable-http', 'http', 'websocket']).optional(),
      title: z.string().trim().min(1).max(100).optional(),
      description: z.string().trim().max(2000).optional(),
      startup: z.boolean().optional(),
      iconPath: z.string().trim().min(1).optional(),
      timeout: ms.optional(),
      initTimeout: ms.optional(),
      // stdio
      command: str.pipe(z.string().min(1, 'must not be empty')).optional(),
      args: z.array(str).optional(),
      env: z.record(z.string().regex(ENV_NAME, 'is not a valid environment variable name'), str).optional(),
      stderr: z.enum(['pipe', 'ignore', 'inherit']).optional(),
      // sse, streamable-http
      url: str.optional(),
      headers: z.record(z.string().regex(HEADER_NAME, 'is not a valid header name'), headerValue).optional(),
      // read, not acted on (NOT_HONOURED)
      chatMenu: z.boolean().optional(),
      serverInstructions: z.union([z.boolean(), z.string()]).optional(),
      requiresOAuth: z.boolean().optional(),
      oauth: z.record(z.string(), z.unknown()).optional(),
      oauth_headers: z.record(z.string(), z.string()).optional(),
      apiKey: z.record(z.string(), z.unknown()).optional(),
      obo: z.record(z.string(), z.unknown()).optional(),
      customUserVars: z.record(z.string(), z.unknown()).optional(),
      sseReadTimeout: z.number().int().positive().optional(),
    })
    .superRefine((s, ctx) => {
      const type = transportOf(s);
      if (type === undefined) {
        ctx.addIssue({ code: 'custom', message: 'needs a `command` (stdio) or a `url`' });
        return;
      }
      if (type === 'stdio') {
        if (s.command === undefined)
          ctx.addIssue({ code: 'custom', path: ['command'], message: 'is required for a stdio server' });
        return;
      }
      if (s.url === undefined) {
        ctx.addIssue({ code: 'custom', path: ['url'], message: `is required for a ${type} server` });
        return;
      }
      const web = type === 'websocket';
      if (!isUrlOf(web ? ['ws:', 'wss:'] : ['http:', 'https:'])(s.url))
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: web ? 'must be a ws(s) URL' : 'must be an http(s) URL',
        });
    });
  return z.record(
    z
      .string()
      .regex(SERVER_NAME, 'a server’s name may hold only letters, digits, _ and -')
      .max(MCP_LIMITS.serverNameMaxChars, `must be at most ${MCP_LIMITS.serverNameMaxChars} characters`)
      .refine((n) => !n.includes(MCP_DELIMITER), `must not contain ${MCP_DELIMITER}`),
    server,
  );
}
type YamlMcpServers = z.output<ReturnType<typeof yamlMcpServersSchema>>;
type YamlMcpServer = YamlMcpServers[string];

/** The transport a server's entry asks for, as LibreChat infers it when `type` is absent. */
function transportOf(s: Pick<YamlMcpServer, 'type' | 'command' | 'url'>) {
  if (s.type === 'http') return 'streamable-http';
  if (s.type) return s.type;
  if (s.command !== undefined) return 'stdio';
  if (s.url !== undefined) return isUrlOf(['ws:', 'wss:'])(s.url) ? 'websocket' : 'sse';
  return undefined;
}

/**
 * The servers to connect to, in file order. A websocket server is left out (the SDK's client
 * transport for it runs in browsers only) and keys read but not acted on are named in
 * `unhonoured`, with their path and why; none of them stops the start.
 */
function mcpServersFrom(
  block: YamlMcpServers | null | undefined,
  unhonoured: (path: string, why: string) => void = () => {},
): McpServerConfig[] {
  const out: McpServerConfig[] = [];
  for (const [name, s] of Object.entries(block ?? {})) {
    const at = `mcpServers.${name}`;
    for (const key of Object.keys(NOT_HONOURED)) {
      if (s[key as keyof YamlMcpServer] !== undefined) unhonoured(`${at}.${key}`, NOT_HONOURED[key]!);
    }
    const type = transportOf(s);
    const base: McpServerBase = {
      name,
      ...(s.title ? { title: s.title } : {}),
      ...(s.description ? { description: s.description } : {}),
      ...(s.iconPath ? { iconPath: s.iconPath } : {}),
      startup: s.startup ?? true,
      // LibreChat reads 0 as "no value given".
      timeoutMs: s.timeout || MCP_LIMITS.defaultTimeoutMs,
      initTimeoutMs: s.initTimeout || MCP_LIMITS.defaultInitTimeoutMs,
    };
    if (type === 'websocket') {
      unhonoured(at, 'websocket servers are not supported here: the server is left out');
    } else if (type === 'stdio') {
      for (const key of ['url', 'headers'] as const)
        if (s[key] !== undefined) unhonoured(`${at}.${key}`, 'a stdio server is started, not reached');
      out.push({
        ...base,
        type,
        command: s.command!,
        args: s.args ?? [],
        env: s.env ?? {},
        stderr: s.stderr ?? 'inherit',
      });
    } else if (type !== undefined) {
      for (const key of ['command', 'args', 'env', 'stderr'] as const)
        if (s[key] !== undefined) unhonoured(`${at}.${key}`, `a ${type} server is reached by its url`);
      out.push({ ...base, type, url: s.url!, headers: s.headers ?? {} });
    }
  }
  return out;
}

/** The block as config/feature-yaml.ts lists it: the servers kept, and AppConfig's `mcpServers`. */
export const mcpYaml = yamlBlock({
  key: 'mcpServers',
  schema: yamlMcpServersSchema,
  fromFile: (block: YamlMcpServers | undefined, { unhonoured }) => mcpServersFrom(block, unhonoured),
  toConfig: (servers: McpServerConfig[] | undefined): McpAppConfig => ({ mcpServers: servers ?? [] }),
});

/** What the block gives the app config (AppConfig is made of these parts, config/feature-yaml.ts). */
export interface McpAppConfig {
  /** librechat.yaml `mcpServers`: the MCP servers whose tools the model may call; none when absent. */
  mcpServers?: McpServerConfig[] | undefined;
}
