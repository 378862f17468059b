import {
  BING_DEFAULTS,
  DEFAULT_PRESET_TITLE,
  OPENAI_DEFAULTS,
  PARAM_KEYS,
  PRESET_LIMITS,
  conversationOptionsSchema,
  endpointNameSchema,
  paramSpecs,
  type ConversationOptions,
  type ParamKey,
  type Preset,
  type SavePresetRequest,
} from '@chat/contract';

import { PRESET_OPTION_KEYS, type PresetSetup } from './preset-setup';

export { setupOf, type PresetSetup } from './preset-setup';
export { removePreset, upsertPreset } from './preset-cache';

/**
 * Presets as data: parsing with a fall back to the defaults, the
 * defaults dropped before saving, and the one-default rule in the cached list.
 */

const PARAM_SET = new Set<string>(PARAM_KEYS);

/** Option values that mean "the default" wherever they appear. */
const DEFAULT_VALUES: Partial<Record<keyof ConversationOptions, unknown>> = {
  resendImages: OPENAI_DEFAULTS.resendImages,
  imageDetail: OPENAI_DEFAULTS.imageDetail,
  toneStyle: BING_DEFAULTS.toneStyle,
  jailbreak: false,
};

/** The endpoint's type for its parameters: the preset's endpointType, else its endpoint (a built-in's name). */
function typeOf(setup: PresetSetup): string {
  return setup.endpointType ?? setup.endpoint;
}

/**
 * Values equal to the defaults are dropped before saving, with what is unset (null,
 * empty text, no plugins) and parameters the endpoint does not take. The endpoint and model stay.
 */
export function dropDefaults<T extends PresetSetup>(setup: T): T {
  const specs = paramSpecs(typeOf(setup), setup.model ?? '') ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(setup)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (PARAM_SET.has(key)) {
      const spec = specs[key as ParamKey];
      if (!spec || value === spec.default) continue;
    } else if (key in DEFAULT_VALUES && DEFAULT_VALUES[key as keyof ConversationOptions] === value) {
      continue;
    }
    out[key] = value;
  }
  return out as T;
}

export interface ParsedPreset {
  /** The preset to save: presetId null (a new one), the defaults dropped. */
  body: SavePresetRequest & { presetId: null };
  /** Fields that were present but invalid: they fall back to their defaults. */
  invalid: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A preset read from anywhere (an imported file, an old cache) falls back to the
 * defaults field by field: an invalid option is left out (its default applies) and named in
 * `invalid`; an unusable endpoint becomes `fallbackEndpoint`, a bad title the default one.
 */
export function parsePreset(raw: unknown, fallbackEndpoint: string): ParsedPreset {
  const input = isRecord(raw) ? raw : {};
  const invalid: string[] = [];
  const present = (key: string) => input[key] !== undefined && input[key] !== null;

  const endpoint = endpointNameSchema.safeParse(input.endpoint);
  if (!endpoint.success && present('endpoint')) invalid.push('endpoint');
  const setup: PresetSetup = { endpoint: endpoint.success ? endpoint.data : fallbackEndpoint };

  for (const key of PRESET_OPTION_KEYS) {
    if (!present(key)) continue;
    const parsed = conversationOptionsSchema.shape[key].safeParse(input[key]);
    if (parsed.success) Object.assign(setup, { [key]: parsed.data });
    else invalid.push(key);
  }
  // A parameter outside the endpoint's range falls back to the default too.
  const specs = paramSpecs(typeOf(setup), setup.model ?? '') ?? {};
  for (const key of PARAM_KEYS) {
    const value = setup[key];
    const spec = specs[key];
    if (typeof value === 'number' && spec && (value < spec.min || value > spec.max)) {
      delete setup[key];
      invalid.push(key);
    }
  }

  let title = DEFAULT_PRESET_TITLE;
  if (typeof input.title === 'string' && input.title.trim().length > 0) {
    title = input.title.trim().slice(0, PRESET_LIMITS.titleMaxChars);
  } else if (present('title')) {
    invalid.push('title');
  }
  return { body: { ...dropDefaults(setup), title, presetId: null }, invalid };
}

/** The file could not be read as a preset at all (not JSON, or not an object). */
export class PresetFileError extends Error {
  constructor(readonly reason: 'not_json_file' | 'unreadable') {
    super(reason);
    this.name = 'PresetFileError';
  }
}

/** Import takes .json files only. */
export function isJsonFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.json$/i.test(file.name);
}

/** An imported file's text as a preset to create (presetId null); throws PresetFileError. */
export function parsePresetFile(text: string, fallbackEndpoint: string): ParsedPreset {
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch {
    throw new PresetFileError('unreadable');
  }
  if (!isRecord(raw)) throw new PresetFileError('unreadable');
  return parsePreset(raw, fallbackEndpoint);
}

/** The JSON a preset is exported as: what importing it back recreates (no owner, dates or default flag). */
export function exportPresetJson(preset: Preset): string {
  const { body } = parsePreset(preset, preset.endpoint);
  const { presetId: _none, ...rest } = body;
  return JSON.stringify({ presetId: preset.presetId, ...rest }, null, 2);
}

const UNSAFE_FILE_CHARS = /[<>:"/\\|?*\p{Cc}]+/gu;
const FILE_NAME_MAX = 100;

/** A file name made from a title: no path or reserved characters, no leading dots, not empty. */
export function sanitizeFileName(title: string, fallback = 'preset'): string {
  const cleaned = title
    .replace(UNSAFE_FILE_CHARS, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s_]+/, '')
    .replace(/[.\s]+$/, '')
    .slice(0, FILE_NAME_MAX);
  return cleaned || fallback;
}

export function presetFileName(preset: Pick<Preset, 'title'>): string {
  return `${sanitizeFileName(preset.title)}.json`;
}

/** The body that saves an existing preset again with changes (an update, by its presetId). */
export function updateBody(preset: Preset, changes: Partial<SavePresetRequest> = {}): SavePresetRequest {
  const { body } = parsePreset({ ...preset, ...changes }, preset.endpoint);
  return {
    ...body,
    presetId: preset.presetId,
    defaultPreset: changes.defaultPreset ?? preset.defaultPreset,
    ...(preset.order !== null ? { order: preset.order } : {}),
  };
}
