import { z } from 'zod';
import { route } from './route-def.js';
import { userSchema } from './entities.js';
import { pluginKeySchema } from './plugin-fields.js';
import { PLUGIN_LIMITS } from './plugin-limits.js';

/**
 * Plugins (spec §3 Plugin, §4 Plugin display states and Plugin install, §5 plugin auth, §7 user
 * plugins and config plugins, §9 plugin store page sizes), in LibreChat's field names.
 */

/** The plugins the server runs, by key (LibreChat's keys where it has the same plugin). */
export const PLUGIN_KEYS = {
  calculator: 'calculator',
  datetime: 'datetime',
  webBrowser: 'web-browser',
  dalle: 'dalle',
  tavily: 'tavily_search_results_json',
} as const;
export type PluginKey = (typeof PLUGIN_KEYS)[keyof typeof PLUGIN_KEYS];

/**
 * Spec §9: the plugin store's page size by viewport width: 8 below 501 px; otherwise 4 below
 * 640 px, 6 below 1024 px, 8 from 1024 px.
 */
export const PLUGIN_STORE_PAGE = {
  narrowMaxPx: 500,
  narrow: 8,
  breakpoints: [640, 1024],
  sizes: [4, 6, 8],
} as const;
export function pluginStorePageSize(widthPx: number): number {
  if (widthPx <= PLUGIN_STORE_PAGE.narrowMaxPx) return PLUGIN_STORE_PAGE.narrow;
  const [small, large] = PLUGIN_STORE_PAGE.breakpoints;
  if (widthPx < small) return PLUGIN_STORE_PAGE.sizes[0];
  if (widthPx < large) return PLUGIN_STORE_PAGE.sizes[1];
  return PLUGIN_STORE_PAGE.sizes[2];
}

/** Spec §5 Plugin-store search: a case-insensitive match on the name. */
export function matchPlugins<P extends { name: string }>(plugins: readonly P[], query: string): P[] {
  const q = query.trim().toLowerCase();
  return q ? plugins.filter((p) => p.name.toLowerCase().includes(q)) : [...plugins];
}

/** One credential a plugin needs (its auth form's field). */
export const pluginAuthFieldSchema = z.object({
  authField: z.string(),
  label: z.string(),
  description: z.string(),
});
export type PluginAuthField = z.infer<typeof pluginAuthFieldSchema>;

/** Spec §3 Plugin, as GET /api/plugins lists it. */
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

/** POST /api/user/plugins (spec §7 User). */
export const userPluginRequestSchema = z.object({
  pluginKey: pluginKeySchema,
  action: z.enum(['install', 'uninstall']),
  auth: z.record(z.string(), z.string().max(PLUGIN_LIMITS.authMaxChars)).nullish(),
});
export type UserPluginRequest = z.infer<typeof userPluginRequestSchema>;

export interface PluginAuthIssue {
  path: string;
  message: string;
  key: 'com_plugin_auth_required' | 'com_plugin_auth_min_length';
}

/**
 * Spec §5: every auth field is required and at least 10 characters long. Both sides check with
 * this: the client's auth form, and the server before anything is saved. `key` is the i18n key of
 * the message (`{{label}}` interpolated), `message` the English text.
 */
export function pluginAuthIssues(
  fields: readonly PluginAuthField[],
  auth: Record<string, string> | null | undefined,
): PluginAuthIssue[] {
  const issues: PluginAuthIssue[] = [];
  for (const f of fields) {
    const value = (auth && Object.hasOwn(auth, f.authField) ? auth[f.authField] : undefined)?.trim() ?? '';
    const path = `auth.${f.authField}`;
    if (!value) issues.push({ path, message: `${f.label} is required.`, key: 'com_plugin_auth_required' });
    else if (value.length < PLUGIN_LIMITS.authMinChars) {
      const message = `${f.label} must be at least ${PLUGIN_LIMITS.authMinChars} characters long`;
      issues.push({ path, message, key: 'com_plugin_auth_min_length' });
    }
  }
  return issues;
}

export const pluginsListSchema = z.array(pluginSchema);

/** The plugin routes (spec §7 Config plugins, User plugins). */
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
