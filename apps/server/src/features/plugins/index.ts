import { DEFAULT_PLUGINS_CONFIG } from '../../config/app-config.js';
import type { FeatureModule } from '../../platform/module.js';
import { pluginsAgent, pluginTools, toolsConfigurer } from './agent.js';
import type { AgentTool } from '../ask/index.js';
import { pluginManifest } from './manifest.js';
import { createPluginsRepo } from './repo.js';
import { pluginsRoutes } from './routes.js';
import { createPluginsService } from './service.js';
import type { PluginSource } from './source.js';
import type { PluginAskScope } from './tools/types.js';

/** The plugins as tools of another feature's agent (assistants' function tools). */
export interface PluginToolbox {
  /** Whether the server runs a plugin of this key (the unlisted ones, as file_search, too). */
  has(key: string): boolean;
  /** The keys of the plugins the user installed. */
  installed(userId: string): Promise<string[]>;
  /**
   * Those plugins as tools, run for `ask` (its conversation and files); an unknown or
   * unauthenticated one is an AppError validation_error.
   */
  tools(userId: string, keys: readonly string[], ask?: PluginAskScope): Promise<AgentTool[]>;
}

export type { PluginAskScope, PluginDefinition } from './tools/types.js';

export type { PluginSource } from './source.js';
export { stringArg } from './tools/types.js';
export { fixedToolsAgent } from './agent.js';

declare module '../../platform/module.js' {
  interface Services {
    pluginToolbox: PluginToolbox;
  }
  interface ExtensionPoints {
    pluginSources: PluginSource;
  }
}

/**
 * Plugins: the store (GET /api/plugins), installing with credentials (POST
 * /api/user/plugins), and the agent that runs the chosen plugins and MCP tools on every endpoint
 * whose models call tools.
 */
export const pluginsModule: FeatureModule = {
  name: 'plugins',
  register({ app, db, config, use, provide, extend, extensions }) {
    const providers = use('providers');
    let manifest: ReturnType<typeof pluginManifest> | undefined;
    const plugins = createPluginsService({
      repo: createPluginsRepo(db),
      credsKey: config.credsKey,
      // Built on first use: main settles the endpoints (and their model lists) after the modules.
      manifest: () => [
        ...(manifest ??= pluginManifest({
          config: config.plugins ?? DEFAULT_PLUGINS_CONFIG,
          endpoints: () => config.endpoints,
          providers,
        })),
        ...extensions('pluginSources').flatMap((s) => s.definitions()),
      ],
      prepare: (userId) =>
        Promise.all(extensions('pluginSources').map((s) => s.prepare?.(userId))).then(() => {}),
    });
    pluginsRoutes(app, plugins);
    provide('pluginToolbox', {
      has: (key) => {
        try {
          plugins.definition(key);
          return true;
        } catch {
          return false;
        }
      },
      installed: (userId) => plugins.installed(userId),
      tools: (userId, keys, ask) => pluginTools(plugins, userId, keys, ask),
    });
    extend('askConfigurers', toolsConfigurer);
    extend('askAgents', pluginsAgent({ plugins, providers, sources: () => extensions('pluginSources') }));
  },
};
