import clsx from 'clsx';
import { parseMcpToolKey } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';

/**
 * "MCP server: name" under a plugin that is an MCP server's tool (its key ends in
 * `_mcp_<server>`): two servers may offer tools of the same name. Nothing for other plugins.
 */
export function McpServerNote({ pluginKey, className }: { pluginKey: string; className?: string }) {
  const { t } = useTranslation();
  const mcp = parseMcpToolKey(pluginKey);
  if (!mcp) return null;
  return (
    <span
      className={clsx('block truncate text-xs text-text-secondary', className)}
      data-testid="plugin-mcp-server"
    >
      {t('com_plugin_mcp_server', { server: mcp.serverName })}
    </span>
  );
}
