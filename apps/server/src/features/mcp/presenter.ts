import type { McpToolsResponse } from '@chat/contract';
import type { McpTool } from './manager.js';
import type { McpServerConfig } from './yaml.js';

/**
 * GET /api/mcp/tools: each configured server (in file order) with the tools listed so far; only
 * its name, icon and its tools' names and descriptions leave the server.
 */
export function presentMcpTools(
  servers: readonly McpServerConfig[],
  tools: readonly McpTool[],
): McpToolsResponse {
  const out: McpToolsResponse = { servers: {} };
  for (const s of servers) {
    out.servers[s.name] = {
      name: s.name,
      icon: s.iconPath ?? '',
      authenticated: true,
      authConfig: [],
      tools: tools
        .filter((t) => t.server === s.name)
        .map((t) => ({ name: t.name, pluginKey: t.key, description: t.description })),
    };
  }
  return out;
}
