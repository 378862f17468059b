import { z } from 'zod';
import { route } from './route-def.js';
import { userSchema } from './entities-schemas.js';
import { pluginKeySchema } from './plugin-fields-schemas.js';
import { PLUGIN_LIMITS } from './plugin-limits.js';

/** One credential a plugin needs (its auth form's field). */
export const pluginAuthFieldSchema = z.object({
  authField: z.string(),
  label: z.string(),
  description: z.string(),
});
export type PluginAuthField = z.infer<typeof pluginAuthFieldSchema>;

/** Plugin, as GET /api/plugins lists it. */
export const pluginSchema = z.object({
  name: z.string(),
  pluginKey: z.string(),
  description: z.string(),
  icon: z.string(),
  authConfig: z.array(pluginAuthFieldSchema),
  /** True when the plugin needs nothing from the user: no auth fields, or the server supplies them. */
  authenticated: z.boolean(),
  isButton: z.boolean().optional(),
});
export type Plugin = z.infer<typeof pluginSchema>;

/** POST /api/user/plugins. */
export const userPluginRequestSchema = z.object({
  pluginKey: pluginKeySchema,
  action: z.enum(['install', 'uninstall']),
  auth: z.record(z.string(), z.string().max(PLUGIN_LIMITS.authMaxChars)).nullish(),
});
export type UserPluginRequest = z.infer<typeof userPluginRequestSchema>;

export const pluginsListSchema = z.array(pluginSchema);

/** The plugin routes. */
export const PLUGIN_ROUTES = {
  plugins: route({
    method: 'GET',
    path: '/api/plugins',
    summary: 'The plugins this server runs, with the auth fields each needs',
    response: pluginsListSchema,
  }),
  userPlugins: route({
    method: 'POST',
    path: '/api/user/plugins',
    summary: 'Install (with its credentials, stored encrypted) or uninstall a plugin for the caller',
    body: userPluginRequestSchema,
    response: userSchema,
  }),
} as const;
