import { z } from 'zod';
import { route } from './route-def.js';
import { pluginAuthFieldSchema } from './plugins-schemas.js';

/** One tool of an MCP server, as GET /api/mcp/tools lists it (LibreChat's fields). */
export const mcpToolEntrySchema = z.object({
  name: z.string(),
  /** `toolName_mcp_serverName`: what a selection names, as a plugin key. */
  pluginKey: z.string(),
  description: z.string(),
});

/** An MCP server and its tools; never its command, environment, address or headers. */
export const mcpServerToolsSchema = z.object({
  name: z.string(),
  icon: z.string(),
  authenticated: z.boolean(),
  authConfig: z.array(pluginAuthFieldSchema),
  tools: z.array(mcpToolEntrySchema),
});
export type McpServerTools = z.infer<typeof mcpServerToolsSchema>;

export const mcpToolsResponseSchema = z.object({ servers: z.record(z.string(), mcpServerToolsSchema) });
export type McpToolsResponse = z.infer<typeof mcpToolsResponseSchema>;

export const MCP_ROUTES = {
  mcpTools: route({
    method: 'GET',
    path: '/api/mcp/tools',
    summary: 'The MCP servers of librechat.yaml and the tools each offers (listed for the caller)',
    response: mcpToolsResponseSchema,
  }),
} as const;
