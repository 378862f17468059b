// MCP servers' names and limits, zod-free (librechat.yaml `mcpServers`).

/** Between a tool's name and its server's in the key the model and the plugin list see (LibreChat's). */
export const MCP_DELIMITER = '_mcp_';

export const MCP_LIMITS = {
  /** A server's name: what a plugin key may hold, short enough to leave room for its tools' names. */
  serverNameMaxChars: 40,
  /** One tool call, when the server's `timeout` says nothing (LibreChat's default). */
  defaultTimeoutMs: 60_000,
  /** Connecting and listing the tools, when the server's `initTimeout` says nothing. */
  defaultInitTimeoutMs: 10_000,
  /** The first wait before connecting again after a failure; it doubles up to `maxBackoffMs`. */
  firstBackoffMs: 1_000,
  maxBackoffMs: 30_000,
  /** A user's own connection (a server whose address or headers name the user) unused this long is closed. */
  userIdleMs: 15 * 60_000,
  /** Tools listed per server at most (the rest are not offered). */
  maxToolsPerServer: 100,
  /** Servers one conversation may choose (`ephemeralAgent.mcp`). */
  maxChosenServers: 16,
} as const;

/** The key of an MCP server's tool: `toolName_mcp_serverName`. */
export const mcpToolKey = (toolName: string, serverName: string): string =>
  `${toolName}${MCP_DELIMITER}${serverName}`;

/** The tool and server a key names, or null when it is not an MCP tool's key. */
export function parseMcpToolKey(key: string): { toolName: string; serverName: string } | null {
  const at = key.lastIndexOf(MCP_DELIMITER);
  if (at <= 0) return null;
  const serverName = key.slice(at + MCP_DELIMITER.length);
  if (!serverName) return null;
  return { toolName: key.slice(0, at), serverName };
}
