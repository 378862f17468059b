import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { FastifyBaseLogger } from 'fastify';
import { MCP_LIMITS, mcpToolKey, pluginKeySchema } from '@chat/contract';
import { lazyModule } from '../../platform/lazy.js';
import { fillHeaders, fillPlaceholders } from '../../providers/placeholders.js';
import type { RequestContext } from '../../providers/types.js';
import type { McpServerConfig } from './yaml.js';

/** The SDK's client and transports, loaded by the first connection (a server without MCP has none). */
const sdk = lazyModule('@modelcontextprotocol/sdk', async () => {
  const [client, stdio, sse, http] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return { client, stdio, sse, http };
});

/** One tool of a server as the model is offered it. */
export interface McpTool {
  /** `toolName_mcp_serverName`. */
  key: string;
  /** The tool's own name, as the server is called with it. */
  name: string;
  server: string;
  title: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

/** A tool result as the model reads it. `isError`: the server says the call failed. */
export interface McpCallResult {
  text: string;
  isError: boolean;
}

export interface McpManagerDeps {
  servers: readonly McpServerConfig[];
  log: FastifyBaseLogger;
  /** Waits before a reconnection (tests drive it by hand). */
  schedule?: (run: () => void, ms: number) => { cancel(): void };
  /** Milliseconds on a monotonic clock (tests move it by hand). */
  now?: () => number;
}

const USER_PLACEHOLDER = '{{LIBRECHAT_USER_';

/** Whether the server's address or headers name the user: then each user has a connection. */
const isUserScoped = (s: McpServerConfig): boolean =>
  s.type !== 'stdio' && JSON.stringify([s.url, s.headers]).includes(USER_PLACEHOLDER);

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/** What an error says, without the stack (a header's value is never in it: they are not logged). */
const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The text of a tools/call result: its text parts, a resource's text, a placeholder for what the
 * model cannot read here (an image, audio), the structured content when nothing else was given.
 */
function resultText(result: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const item of Array.isArray(result.content) ? (result.content as unknown[]) : []) {
    if (typeof item !== 'object' || item === null) continue;
    const c = item as {
      type?: unknown;
      text?: unknown;
      resource?: { text?: unknown; uri?: unknown };
      uri?: unknown;
    };
    if (c.type === 'text' && typeof c.text === 'string') parts.push(c.text);
    else if (c.type === 'resource' && typeof c.resource?.text === 'string') parts.push(c.resource.text);
    else if (c.type === 'resource_link' && typeof c.uri === 'string') parts.push(`[resource: ${c.uri}]`);
    else if (c.type === 'image') parts.push('[an image]');
    else if (c.type === 'audio') parts.push('[an audio clip]');
  }
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent));
  return parts.join('\n');
}

/**
 * One connection to a server (for one user when it is user-scoped): connected on demand, its tools
 * listed on each connect; an unexpected end (a crashed child, a dropped stream) connects again
 * after a wait that doubles up to MCP_LIMITS.maxBackoffMs when `keepAlive`, or on the next use.
 */
class Connection {
  client: Client | undefined;
  /** The child's process id (stdio), while it runs. */
  pid: number | null = null;
  private connecting: Promise<Client> | undefined;
  private backoffMs: number = MCP_LIMITS.firstBackoffMs;
  private retry: { cancel(): void } | undefined;
  private closed = false;
  private failedAt = 0;

  constructor(
    readonly server: McpServerConfig,
    private readonly ctx: RequestContext | undefined,
    private readonly keepAlive: boolean,
    private readonly deps: Required<Pick<McpManagerDeps, 'log' | 'schedule'>>,
    private readonly onTools: (tools: McpTool[]) => void,
  ) {}

  /** Failed a moment ago (waiting for its retry, or within the longest wait): not worth a listing's wait. */
  get coolingDown(): boolean {
    if (this.client || this.connecting) return false;
    return (
      this.retry !== undefined ||
      (this.failedAt > 0 && performance.now() - this.failedAt < MCP_LIMITS.maxBackoffMs)
    );
  }

  connect(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    if (this.closed) return Promise.reject(new Error(`The MCP server ${this.server.name} is closed`));
    this.retry?.cancel();
    this.retry = undefined;
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<Client> {
    const { client: clientLib } = await sdk.load();
    const transport = await this.transport();
    const client = new clientLib.Client({ name: 'chat', version: '1.0.0' }, { capabilities: {} });
    let ready = false;
    client.onclose = () => {
      if (this.client === client) this.client = undefined;
      this.pid = null;
      if (ready) this.lost('the connection ended');
    };
    client.onerror = (err) =>
      this.deps.log.debug({ server: this.server.name, reason: reasonOf(err) }, 'MCP transport error');
    try {
      await client.connect(transport, { timeout: this.server.initTimeoutMs });
      const tools = await this.listTools(client);
      if (this.closed) {
        await client.close();
        throw new Error(`The MCP server ${this.server.name} is closed`);
      }
      ready = true;
      this.client = client;
      this.pid = 'pid' in transport && typeof transport.pid === 'number' ? transport.pid : null;
      this.backoffMs = MCP_LIMITS.firstBackoffMs;
      this.failedAt = 0;
      this.onTools(tools);
      this.deps.log.info({ server: this.server.name, tools: tools.length }, 'MCP server connected');
      return client;
    } catch (err) {
      await client.close().catch(() => {});
      this.lost(reasonOf(err));
      // The reason (a path, an upstream's words) is logged; the model and the person read only this.
      throw new Error(`The MCP server ${this.server.name} could not be reached`);
    }
  }

  /** After a failure: try again later (keepAlive) or on the next use. */
  private lost(reason: string) {
    if (this.closed) return;
    this.failedAt = performance.now();
    this.deps.log.warn(
      { server: this.server.name, reason, retryMs: this.keepAlive ? this.backoffMs : undefined },
      'MCP server unavailable',
    );
    if (!this.keepAlive || this.retry) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, MCP_LIMITS.maxBackoffMs);
    this.retry = this.deps.schedule(() => {
      this.retry = undefined;
      this.connect().catch(() => {});
    }, wait);
  }

  private async transport(): Promise<Transport> {
    const { stdio, sse, http } = sdk.get();
    const s = this.server;
    if (s.type === 'stdio') {
      // The SDK gives the child its safe default environment (PATH, HOME, …) and these on top.
      return new stdio.StdioClientTransport({
        command: s.command,
        args: s.args,
        env: s.env,
        stderr: s.stderr,
      });
    }
    const url = new URL(fillPlaceholders(s.url, this.ctx, encodeURIComponent));
    const requestInit = { headers: fillHeaders(s.headers, this.ctx) };
    return s.type === 'sse'
      ? new sse.SSEClientTransport(url, { requestInit })
      : new http.StreamableHTTPClientTransport(url, { requestInit });
  }

  private async listTools(client: Client): Promise<McpTool[]> {
    const out: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: this.server.initTimeoutMs });
      for (const t of page.tools) {
        const key = mcpToolKey(t.name, this.server.name);
        if (!pluginKeySchema.safeParse(key).success) {
          this.deps.log.warn(
            { server: this.server.name, tool: t.name },
            'MCP tool left out: its name cannot be a tool key',
          );
          continue;
        }
        if (out.length >= MCP_LIMITS.maxToolsPerServer) break;
        out.push({
          key,
          name: t.name,
          server: this.server.name,
          title: t.title ?? t.annotations?.title ?? t.name,
          description: t.description ?? '',
          parameters: t.inputSchema as Record<string, unknown>,
        });
      }
      cursor = page.nextCursor;
    } while (cursor && out.length < MCP_LIMITS.maxToolsPerServer);
    return out;
  }

  async call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult> {
    const client = await this.connect();
    const result = await client.callTool({ name: tool, arguments: args }, undefined, {
      timeout: this.server.timeoutMs,
      signal,
    });
    // An old server answers `toolResult` instead of content: its value is the text then.
    const text = 'toolResult' in result ? JSON.stringify(result.toolResult) : resultText(result);
    return { text, isError: result.isError === true };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.retry?.cancel();
    this.retry = undefined;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => {});
  }
}

/**
 * The MCP servers of librechat.yaml: one connection per server (per server and user when its
 * address or headers name the user), their tools listed and kept, calls made with each server's
 * timeout; `close` ends every connection and child process.
 */
export function createMcpManager(deps: McpManagerDeps) {
  const inner = { log: deps.log, schedule: deps.schedule ?? defaultSchedule };
  const servers = new Map(deps.servers.map((s) => [s.name, s]));
  const connections = new Map<string, Connection>();
  /** The tools of each server, from its last listing (a user-scoped server's: any user's). */
  const catalogue = new Map<string, McpTool[]>();
  let closed = false;
  const now = deps.now ?? (() => performance.now());
  /** When each user's connection was last used: one idle for MCP_LIMITS.userIdleMs is closed. */
  const lastUsed = new Map<string, number>();

  /** Closes the users' connections nobody used for a while (checked as users come and go). */
  const sweep = (except: string) => {
    const at = now();
    for (const [id, used] of lastUsed) {
      if (id === except || at - used < MCP_LIMITS.userIdleMs) continue;
      lastUsed.delete(id);
      const idle = connections.get(id);
      connections.delete(id);
      void idle?.close();
    }
  };

  const connectionOf = (server: McpServerConfig, userId: string | undefined): Connection => {
    const scoped = isUserScoped(server);
    if (scoped && !userId) throw new Error(`The MCP server ${server.name} is reached for a user only`);
    const id = scoped ? `${server.name}\n${userId}` : server.name;
    if (scoped) {
      sweep(id);
      lastUsed.set(id, now());
    }
    let c = connections.get(id);
    if (!c) {
      const ctx: RequestContext | undefined = scoped ? { user: { ID: userId! } } : undefined;
      c = new Connection(server, ctx, !scoped && server.startup, inner, (tools) =>
        catalogue.set(server.name, tools),
      );
      connections.set(id, c);
    }
    return c;
  };

  return {
    servers: (): McpServerConfig[] => [...servers.values()],

    /** Connects the servers with `startup` (not user-scoped) in the background. */
    start(): void {
      for (const s of servers.values()) {
        if (s.startup && !isUserScoped(s))
          connectionOf(s, undefined)
            .connect()
            .catch(() => {});
      }
    },

    /** Every tool listed so far, server by server in file order. */
    tools(): McpTool[] {
      return [...servers.keys()].flatMap((name) => catalogue.get(name) ?? []);
    },

    /**
     * Lists the tools of the servers not listed yet (started later, user-scoped: for this user),
     * each within its initTimeout; a server that cannot be reached is left out, and one that
     * failed a moment ago is not tried again (its retry, or a call, will).
     */
    async discover(userId: string): Promise<void> {
      if (closed) return;
      await Promise.all(
        [...servers.values()]
          .filter((s) => !catalogue.has(s.name))
          .map((s) => connectionOf(s, userId))
          .filter((c) => !c.coolingDown)
          .map((c) => c.connect().catch(() => undefined)),
      );
    },

    /** Calls a tool; an unreachable server, a timeout or an error of the server rejects. */
    async call(
      serverName: string,
      tool: string,
      args: Record<string, unknown>,
      ctx: { userId: string; signal: AbortSignal },
    ): Promise<McpCallResult> {
      const server = servers.get(serverName);
      if (!server || closed) throw new Error(`There is no MCP server named ${serverName}`);
      return connectionOf(server, ctx.userId).call(tool, args, ctx.signal);
    },

    /** The connections open or opening (tests). */
    connectionCount(): number {
      return connections.size;
    },

    /** The process id of a stdio server's child while it runs (tests). */
    pidOf(serverName: string): number | null {
      return connections.get(serverName)?.pid ?? null;
    },

    async close(): Promise<void> {
      closed = true;
      await Promise.all([...connections.values()].map((c) => c.close()));
      connections.clear();
    },
  };
}
export type McpManager = ReturnType<typeof createMcpManager>;
