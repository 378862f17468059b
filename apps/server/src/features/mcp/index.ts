import type { FeatureModule } from '../../platform/module.js';
import { createMcpManager, type McpManager } from './manager.js';
import { mcpPluginSource } from './tools.js';

declare module '../../platform/module.js' {
  interface Services {
    mcp: McpManager;
  }
}

/**
 * MCP servers (librechat.yaml `mcpServers`): connected when the app is ready (those with
 * `startup`), their tools offered beside the plugins, every connection and child process closed
 * when the app closes.
 */
export const mcpModule: FeatureModule = {
  name: 'mcp',
  register({ app, config, provide, extend }) {
    const manager = createMcpManager({
      servers: config.mcpServers ?? [],
      log: app.log.child({ feature: 'mcp' }),
    });
    provide('mcp', manager);
    extend('pluginSources', mcpPluginSource(manager));
    app.addHook('onReady', async () => manager.start());
    app.addHook('onClose', async () => manager.close());
  },
};
