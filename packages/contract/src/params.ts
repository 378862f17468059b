import {
  ANTHROPIC_PARAMS,
  GOOGLE_GEMINI_PRO_MAX_OUTPUT,
  GOOGLE_PARAMS,
  OPENAI_PARAMS,
  PLUGINS_DEFAULTS,
  type NumberRange,
} from './endpoints.js';

/**
 * Each endpoint's own sampling parameters: which
 * ones it takes, under the names the conversation carries, with range, step and default. The
 * server applies them in one place (apps/server/src/providers/params.ts); the client reads the
 * same entries for its sliders. A new endpoint adds its entry here.
 */

/** The conversation options that are sampling parameters (names as the spec and the API use them). */
export const PARAM_KEYS = [
  'temperature',
  'top_p',
  'topP',
  'topK',
  'frequency_penalty',
  'presence_penalty',
  'maxOutputTokens',
] as const;
export type ParamKey = (typeof PARAM_KEYS)[number];

export interface ParamSpec extends NumberRange {
  /** Whole numbers only (token counts, top-k). */
  int?: boolean;
  /**
   * Out-of-range values are brought into range instead of refused (Google's max output
   * tokens are clamped when the model changes, so a value saved for another model stays usable).
   */
  clamp?: boolean;
}

export interface EndpointParams {
  params: Partial<Record<ParamKey, ParamSpec>>;
  /**
   * Send the defaults of unset parameters upstream. Off for OpenAI-compatible endpoints, whose
   * defaults are the upstream's own (and a custom server's may differ: we leave them to it).
   */
  sendDefaults: boolean;
  /** Per-model changes to a parameter's spec, first match wins. */
  models?: { match: RegExp; params: Partial<Record<ParamKey, Partial<ParamSpec>>> }[];
}

const OPENAI: EndpointParams = {
  params: {
    temperature: OPENAI_PARAMS.temperature,
    top_p: OPENAI_PARAMS.top_p,
    frequency_penalty: OPENAI_PARAMS.frequency_penalty,
    presence_penalty: OPENAI_PARAMS.presence_penalty,
    // No spec range: any positive count, the model's own limit answers the rest.
    maxOutputTokens: { min: 1, max: 1_000_000, step: 1, default: 4096, int: true },
  },
  sendDefaults: false,
};

/**
 * gptPlugins: OpenAI's ranges, temperature 0.8 by default
 *, sent upstream: the default is ours, not the upstream's.
 */
const PLUGINS: EndpointParams = {
  params: {
    temperature: { ...OPENAI_PARAMS.temperature, default: PLUGINS_DEFAULTS.temperature },
    top_p: OPENAI_PARAMS.top_p,
    frequency_penalty: OPENAI_PARAMS.frequency_penalty,
    presence_penalty: OPENAI_PARAMS.presence_penalty,
  },
  sendDefaults: true,
};

/** Parameters of each endpoint type (the EModelEndpoint names). */
export const ENDPOINT_PARAMS = {
  openAI: OPENAI,
  azureOpenAI: OPENAI,
  custom: OPENAI,
  gptPlugins: PLUGINS,
  google: {
    params: {
      temperature: GOOGLE_PARAMS.temperature,
      topP: GOOGLE_PARAMS.topP,
      topK: { ...GOOGLE_PARAMS.topK, int: true },
      maxOutputTokens: { ...GOOGLE_PARAMS.maxOutputTokens, int: true, clamp: true },
    },
    sendDefaults: true,
    models: [
      {
        match: /gemini-pro/,
        params: {
          maxOutputTokens: { max: GOOGLE_GEMINI_PRO_MAX_OUTPUT, default: GOOGLE_GEMINI_PRO_MAX_OUTPUT },
        },
      },
    ],
  },
  anthropic: {
    params: {
      temperature: ANTHROPIC_PARAMS.temperature,
      topP: ANTHROPIC_PARAMS.topP,
      topK: { ...ANTHROPIC_PARAMS.topK, int: true },
      maxOutputTokens: { ...ANTHROPIC_PARAMS.maxOutputTokens, int: true },
    },
    sendDefaults: true,
  },
  // The legacy upstreams take no sampling parameters (Bing's tone is an option of its own).
  bingAI: { params: {}, sendDefaults: false },
  chatGPTBrowser: { params: {}, sendDefaults: false },
} as const satisfies Record<string, EndpointParams>;
export type ParamsEndpointType = keyof typeof ENDPOINT_PARAMS;

/**
 * The widest range any endpoint (and any model) takes for `key`: the bound a stored conversation
 * option is checked against before its endpoint is known.
 */
export function widestRange(key: ParamKey): { min: number; max: number; int: boolean } {
  const specs: Partial<ParamSpec>[] = Object.values(ENDPOINT_PARAMS).flatMap((e: EndpointParams) => [
    e.params[key] ?? {},
    ...(e.models ?? []).map((m) => m.params[key] ?? {}),
  ]);
  const mins = specs.flatMap((s) => (s.min === undefined ? [] : [s.min]));
  const maxes = specs.flatMap((s) => (s.max === undefined ? [] : [s.max]));
  const ints = specs.filter((s) => s.min !== undefined);
  return { min: Math.min(...mins), max: Math.max(...maxes), int: ints.every((s) => s.int === true) };
}

/** The parameters of `type` for `model`, per-model changes applied; undefined for an unknown type. */
export function paramSpecs(
  type: string,
  model: string,
  overrides?: ParamOverrides,
): Partial<Record<ParamKey, ParamSpec>> | undefined {
  const entry: EndpointParams | undefined = Object.hasOwn(ENDPOINT_PARAMS, type)
    ? ENDPOINT_PARAMS[type as ParamsEndpointType]
    : undefined;
  if (!entry) return undefined;
  const specs: Partial<Record<ParamKey, ParamSpec>> = { ...entry.params };
  const override = entry.models?.find((m) => m.match.test(model));
  for (const [key, change] of Object.entries(override?.params ?? {}) as [ParamKey, Partial<ParamSpec>][]) {
    const base = specs[key];
    if (base) specs[key] = { ...base, ...change };
  }
  // The operator's own ranges and defaults for this endpoint come last: they win.
  for (const [key, change] of Object.entries(overrides ?? {}) as [ParamKey, ParamOverride][]) {
    const base = specs[key];
    if (base) specs[key] = { ...base, ...change };
  }
  return specs;
}

/**
 * An operator's change to one parameter of one endpoint (librechat.yaml
 * `customParams.paramDefinitions`): its range, step and default. A default set here is sent when
 * the conversation sets none, whether or not the endpoint's set sends its defaults.
 */
export interface ParamOverride {
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
  default?: number | undefined;
}
export type ParamOverrides = Partial<Record<ParamKey, ParamOverride>>;

/**
 * The parameter a LibreChat setting key names in a parameter set (`paramDefinitions[].key`):
 * its own name where the set has it, else the set's name for the same setting (`top_p` and
 * `topP`, `max_tokens` / `maxTokens` and `maxOutputTokens`); undefined when the set has none.
 */
export function paramKeyOf(type: string, key: string): ParamKey | undefined {
  const specs = paramSpecs(type, '') ?? {};
  const candidates: readonly string[] =
    key === 'top_p' || key === 'topP'
      ? [key, key === 'top_p' ? 'topP' : 'top_p']
      : key === 'max_tokens' || key === 'maxTokens' || key === 'maxOutputTokens'
        ? ['maxOutputTokens']
        : [key];
  return candidates.find((c): c is ParamKey => Object.hasOwn(specs, c));
}

export type ParamValues = Partial<Record<ParamKey, number | null | undefined>>;

export interface AppliedParams {
  /** The values to send: in range, defaults filled where the endpoint sends them. */
  values: Partial<Record<ParamKey, number>>;
  /** Set values the endpoint refuses: out of range or not whole (message in English, key for i18n). */
  issues: { path: ParamKey; message: string; key: 'com_error_param_out_of_range' }[];
}

/**
 * The one place a request's parameters meet an endpoint's: values it does not take are dropped,
 * values out of range are refused (or clamped where the spec says so), unset ones get the
 * endpoint's default when it sends defaults.
 */
export function applyParams(
  type: string,
  model: string,
  given: ParamValues,
  overrides?: ParamOverrides,
): AppliedParams {
  const specs = paramSpecs(type, model, overrides) ?? {};
  const sendDefaults = Object.hasOwn(ENDPOINT_PARAMS, type)
    ? ENDPOINT_PARAMS[type as ParamsEndpointType].sendDefaults
    : false;
  const values: AppliedParams['values'] = {};
  const issues: AppliedParams['issues'] = [];
  for (const key of PARAM_KEYS) {
    const value = given[key];
    const spec = specs[key];
    if (value === undefined || value === null) {
      if (spec && (sendDefaults || overrides?.[key]?.default !== undefined)) values[key] = spec.default;
      continue;
    }
    // A value the endpoint does not take is left out, not refused: a conversation keeps the
    // options of the endpoint it was on before (spec: the client carries them across a switch).
    if (!spec) continue;
    if (spec.int && !Number.isInteger(value)) {
      issues.push({
        path: key,
        message: `${key} must be a whole number`,
        key: 'com_error_param_out_of_range',
      });
      continue;
    }
    if (value < spec.min || value > spec.max) {
      if (spec.clamp) values[key] = Math.min(spec.max, Math.max(spec.min, value));
      else {
        const message = `${key} must be between ${spec.min} and ${spec.max} for this endpoint`;
        issues.push({ path: key, message, key: 'com_error_param_out_of_range' });
      }
      continue;
    }
    values[key] = value;
  }
  return { values, issues };
}
