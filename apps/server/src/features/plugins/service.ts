import { pluginAuthIssues, type Plugin, type User, type UserPluginRequest } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { seal, unseal } from '../../platform/seal.js';
import { presentUser } from '../auth/index.js';
import { presentPlugin, serverAuthenticated } from './presenter.js';
import type { PluginsRepo } from './repo.js';
import type { PluginDefinition } from './tools/types.js';

export interface PluginsDeps {
  repo: PluginsRepo;
  credsKey: Uint8Array;
  /** The plugins the server runs (read per call: the gptPlugins endpoint is settled at start-up). */
  manifest: () => readonly PluginDefinition[];
  /** Before the store is listed for a user: the other features' sources may list what they run. */
  prepare?: (userId: string) => Promise<void>;
}

/**
 * The plugin store and users' installed plugins: credentials are sealed
 * per user, plugin and field with CREDS_KEY (the `keys` feature's AES-256-GCM helper), read only
 * to run the plugin, and never answered.
 */
export function createPluginsService(deps: PluginsDeps) {
  const context = (userId: string, pluginKey: string, field: string) =>
    `plugin\n${userId}\n${pluginKey}\n${field}`;

  const definition = (pluginKey: string): PluginDefinition => {
    const p = deps.manifest().find((d) => d.key === pluginKey);
    if (!p) {
      throw new AppError('validation_error', `Unknown plugin: ${pluginKey}`, [
        { path: 'pluginKey', message: 'This server has no such plugin' },
      ]);
    }
    return p;
  };

  return {
    definition,

    /** The keys of the plugins the user installed. */
    installed(userId: string): Promise<string[]> {
      return deps.repo.installed(userId);
    },

    list(): Plugin[] {
      return deps
        .manifest()
        .filter((d) => !d.unlisted)
        .map(presentPlugin);
    },

    /** The store for a user: what every source runs once it has had its chance to list it. */
    async listFor(userId: string): Promise<Plugin[]> {
      await deps.prepare?.(userId);
      return deps
        .manifest()
        .filter((d) => !d.unlisted)
        .map(presentPlugin);
    },

    async update(userId: string, body: UserPluginRequest): Promise<User> {
      const plugin = definition(body.pluginKey);
      if (body.action === 'uninstall') {
        const row = await deps.repo.uninstall(userId, plugin.key);
        if (!row) throw new AppError('not_found', 'No such user');
        return presentUser(row);
      }
      const needed = serverAuthenticated(plugin) ? [] : plugin.authConfig;
      const issues = pluginAuthIssues(needed, body.auth);
      if (issues.length > 0) {
        throw new AppError('validation_error', issues.map((i) => i.message).join(' '), issues);
      }
      const sealed = needed.map((f) => ({
        authField: f.authField,
        value: seal(body.auth![f.authField]!.trim(), deps.credsKey, context(userId, plugin.key, f.authField)),
      }));
      const row = await deps.repo.install(userId, plugin.key, sealed);
      if (!row) throw new AppError('not_found', 'No such user');
      return presentUser(row);
    },

    /**
     * The credentials to run a plugin with for this user: the server's where it supplies them,
     * else the user's own; undefined when a field has neither (not installed with its auth).
     */
    async credentials(userId: string, plugin: PluginDefinition): Promise<Record<string, string> | undefined> {
      if (serverAuthenticated(plugin)) return { ...plugin.serverAuth };
      const rows = await deps.repo.auth(userId, plugin.key);
      const auth: Record<string, string> = {};
      for (const f of plugin.authConfig) {
        const row = rows.find((r) => r.authField === f.authField);
        const plain = row ? unseal(row.value, deps.credsKey, context(userId, plugin.key, f.authField)) : null;
        if (plain === null) return undefined;
        auth[f.authField] = plain;
      }
      return auth;
    },
  };
}
export type PluginsService = ReturnType<typeof createPluginsService>;
