/**
 * The librechat.yaml blocks features declare in their own folder (`features/<name>/yaml.ts`):
 * yaml-config.ts adds each schema to the file's, so every bad value is still reported together
 * at start, and app-config.ts carries what each converts to.
 */
export { mcpServersFrom, yamlMcpServersSchema, type McpServerConfig } from '../features/mcp/yaml.js';
