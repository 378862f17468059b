import { AppError } from '../../platform/errors.js';
import type { PluginDefinition, PluginSource } from '../plugins/index.js';
import type { McpManager, McpTool } from './manager.js';

/** The model's arguments as the object tools/call sends (anything else: no arguments). */
const argsOf = (args: unknown): Record<string, unknown> =>
  typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};

/**
 * An MCP tool as a plugin: listed in the store under its key (`toolName_mcp_serverName`), needing
 * no credentials, run by a tools/call to its server. A result the server marks as an error, a
 * timeout or a lost server rejects: the agent hands the model the error as the tool's answer.
 */
function mcpPlugin(manager: McpManager, tool: McpTool, iconPath: string | undefined): PluginDefinition {
  return {
    key: tool.key,
    name: tool.title,
    description: tool.description || tool.title,
    icon: iconPath ?? '',
    authConfig: [],
    parameters: tool.parameters,
    async run(args, ctx) {
      const result = await manager.call(tool.server, tool.name, argsOf(args), ctx);
      if (result.isError) throw new Error(result.text || `${tool.name} failed`);
      return { output: result.text };
    },
  };
}

/**
 * The keys of every tool of the servers a conversation chose. A server the configuration does
 * not have is a validation_error; one whose tools cannot be listed for this user now (it does
 * not start, does not answer) refuses as unavailable, rather than letting the model answer
 * without the tools the person asked for.
 */
async function chosenTools(manager: McpManager, userId: string, names: readonly string[]) {
  const configured = new Set(manager.servers().map((s) => s.name));
  const unknown = names.filter((n) => !configured.has(n));
  if (unknown.length > 0) {
    throw new AppError('validation_error', `Unknown MCP server: ${unknown.join(', ')}`, [
      { path: 'ephemeralAgent.mcp', message: 'This server has no such MCP server' },
    ]);
  }
  await manager.discover(userId);
  const tools = manager.tools();
  const keys: string[] = [];
  for (const name of new Set(names)) {
    const own = tools.filter((t) => t.server === name);
    if (own.length === 0) {
      throw new AppError('upstream_unavailable', `The MCP server ${name} is not available right now`);
    }
    keys.push(...own.map((t) => t.key));
  }
  return keys;
}

/** The MCP servers' tools as a source of plugins. */
export function mcpPluginSource(manager: McpManager): PluginSource {
  const icons = new Map(manager.servers().map((s) => [s.name, s.iconPath]));
  return {
    name: 'mcp',
    definitions: () => manager.tools().map((t) => mcpPlugin(manager, t, icons.get(t.server))),
    prepare: (userId) => manager.discover(userId),
    chosen: (userId, agent) => chosenTools(manager, userId, agent.mcp ?? []),
  };
}
