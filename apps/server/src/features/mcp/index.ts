import type { FeatureModule } from '../../platform/module.js';
import { createMcpManager } from './manager.js';
import { mcpRoutes } from './routes.js';
import { mcpPluginSource } from './tools.js';

/**
 * MCP servers (librechat.yaml `mcpServers`): connected when the app is ready (those with
 * `startup`), their tools offered beside the plugins, every connection and child process closed
 * when the app closes.
 */
export const mcpModule: FeatureModule = {
  name: 'mcp',
  register({ app, config, extend }) {
    const manager = createMcpManager({
      servers: config.mcpServers ?? [],
      log: app.log.child({ feature: 'mcp' }),
    });
    extend('pluginSources', mcpPluginSource(manager));
    mcpRoutes(app, manager);
    app.addHook('onReady', async () => manager.start());
    app.addHook('onClose', async () => manager.close());
  },
};
