import { PLUGIN_LIMITS } from './plugin-limits.js';

/**
 * Plugins, in LibreChat's field names: their keys, the store's paging and search, and the check of
 * a plugin's credentials. Zod-free: the route rows and their schemas are in plugins-schemas.ts.
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
 * The plugin store's page size by viewport width: 8 below 501 px; otherwise 4 below
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

/** Plugin-store search: a case-insensitive match on the name. */
export function matchPlugins<P extends { name: string }>(plugins: readonly P[], query: string): P[] {
  const q = query.trim().toLowerCase();
  return q ? plugins.filter((p) => p.name.toLowerCase().includes(q)) : [...plugins];
}

/** What the check reads of a plugin's auth field (a PluginAuthField has these and more). */
interface AuthFieldLabel {
  authField: string;
  label: string;
}

export interface PluginAuthIssue {
  path: string;
  message: string;
  key: 'com_plugin_auth_required' | 'com_plugin_auth_min_length';
}

/**
 * Every auth field is required and at least 10 characters long. Both sides check with
 * this: the client's auth form, and the server before anything is saved. `key` is the i18n key of
 * the message (`{{label}}` interpolated), `message` the English text.
 */
export function pluginAuthIssues(
  fields: readonly AuthFieldLabel[],
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
