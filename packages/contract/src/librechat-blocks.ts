import type { InterfaceConfig } from './librechat-blocks-schemas.js';

/**
 * The librechat.yaml blocks the browser or the limits read: `interface` (what the UI shows),
 * `balance` (auto-refill units) and `rateLimits` (upload and import windows), with LibreChat's
 * names and defaults.
 */

/** The units of `balance.refillIntervalUnit`, as LibreChat names them. */
export const REFILL_INTERVAL_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type RefillIntervalUnit = (typeof REFILL_INTERVAL_UNITS)[number];

/** One `rateLimits.<name>` entry: the most requests per address and per user in their windows. */
export interface YamlRateLimit {
  ipMax: number;
  ipWindowInMinutes: number;
  userMax: number;
  userWindowInMinutes: number;
}

/**
 * LibreChat's defaults for the upload and import limits (its FILE_UPLOAD_* and IMPORT_*), used
 * for any field a `rateLimits` entry leaves out.
 */
export const YAML_RATE_LIMIT_DEFAULTS: Readonly<
  Record<'fileUploads' | 'conversationsImport', YamlRateLimit>
> = {
  fileUploads: { ipMax: 100, ipWindowInMinutes: 15, userMax: 50, userWindowInMinutes: 15 },
  conversationsImport: { ipMax: 100, ipWindowInMinutes: 15, userMax: 50, userWindowInMinutes: 15 },
};

/** The parts of the chat view `interface` may hide: all shown unless the file says false. */
export const INTERFACE_TOGGLES = ['endpointsMenu', 'modelSelect', 'parameters', 'presets'] as const;
export type InterfaceToggle = (typeof INTERFACE_TOGGLES)[number];

/** The longest texts `interface` may carry (the welcome line, the terms dialog). */
export const INTERFACE_TEXT_LIMITS = {
  customWelcome: 2_000,
  modalTitle: 200,
  modalContent: 100_000,
} as const;

/**
 * `interface.temporaryChatRetention`: how many hours a temporary chat is kept, LibreChat's bounds
 * and default (30 days).
 */
export const TEMPORARY_CHAT_RETENTION = { minHours: 1, maxHours: 8760, defaultHours: 720 } as const;

/** The hours a temporary chat is kept under this `interface` block. */
export function temporaryChatRetentionHours(
  config: Pick<InterfaceConfig, 'temporaryChatRetention'> | undefined,
): number {
  return config?.temporaryChatRetention ?? TEMPORARY_CHAT_RETENTION.defaultHours;
}

/** Temporary chats are offered unless `interface.temporaryChat` is false. */
export function temporaryChatOn(config: Pick<InterfaceConfig, 'temporaryChat'> | undefined): boolean {
  return config?.temporaryChat !== false;
}

/** What the chat view shows when librechat.yaml has no `interface`. */
export const DEFAULT_INTERFACE_CONFIG: InterfaceConfig = {
  endpointsMenu: true,
  modelSelect: true,
  parameters: true,
  presets: true,
};

/** The refusal of an upload or import past its `rateLimits` window (LibreChat's wording). */
export function uploadLimitText(
  kind: 'fileUploads' | 'conversationsImport',
  windowInMinutes: number,
): string {
  const what = kind === 'fileUploads' ? 'file upload' : 'conversation import';
  const window = windowInMinutes === 1 ? '1 minute' : `${windowInMinutes} minutes`;
  return `Too many ${what} requests. Try again in ${window}.`;
}
