import type { Plugin } from '@chat/contract';
import type { PluginDefinition } from './tools/types.js';

/** Whether the server supplies every credential the plugin needs (or it needs none). */
export const serverAuthenticated = (p: PluginDefinition) =>
  p.authConfig.every((f) => Boolean(p.serverAuth?.[f.authField]));

/** The store entry of a plugin: never a credential. */
export function presentPlugin(p: PluginDefinition): Plugin {
  return {
    name: p.name,
    pluginKey: p.key,
    description: p.description,
    icon: p.icon,
    authConfig: p.authConfig,
    authenticated: serverAuthenticated(p),
  };
}
