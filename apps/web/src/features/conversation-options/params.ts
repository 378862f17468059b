import {
  PARAM_KEYS,
  paramSpecs,
  type ConversationOptions,
  type EndpointsConfig,
  type ParamKey,
  type ParamOverrides,
  type ParamSpec,
  type ParamValues,
} from '@chat/contract';

/**
 * The options popover reads each endpoint type's parameters from the contract (params.ts: which
 * ones, ranges, steps, defaults, per-model caps), the same entries the server applies.
 */

/** The endpoint's type (openAI, azureOpenAI, google, anthropic, custom); a built-in's is its name. */
export function endpointTypeOf(endpoint: string, config: EndpointsConfig | undefined): string {
  return config?.[endpoint]?.type ?? endpoint;
}

/** Whose parameters the endpoint's conversations take: the server says when not its type's. */
export function paramsTypeOf(endpoint: string, config: EndpointsConfig | undefined): string {
  return config?.[endpoint]?.paramsType ?? endpointTypeOf(endpoint, config);
}

/** The operator's ranges and defaults for the endpoint's parameters (librechat.yaml), if any. */
export function paramOverridesOf(
  endpoint: string,
  config: EndpointsConfig | undefined,
): ParamOverrides | undefined {
  return config?.[endpoint]?.paramOverrides;
}

/**
 * The person's changes in this view over the conversation's saved values: a key set to null is
 * reset to the endpoint's default (it is then not sent), an absent key keeps the saved value.
 */
export function mergeParams(
  saved: ConversationOptions | undefined,
  overrides: ParamValues,
): Partial<Record<ParamKey, number>> {
  const out: Partial<Record<ParamKey, number>> = {};
  for (const key of PARAM_KEYS) {
    const value = Object.hasOwn(overrides, key) ? overrides[key] : saved?.[key];
    if (typeof value === 'number') out[key] = value;
  }
  return out;
}

/** Decimals a step shows (0.01 → 2, 1 → 0). */
export function stepDecimals(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A value brought into the spec's range, on its step's precision, whole where it must be. */
export function fitToSpec(spec: ParamSpec, value: number): number {
  const clamped = Math.min(spec.max, Math.max(spec.min, value));
  if (spec.int) return Math.round(clamped);
  const factor = 10 ** stepDecimals(spec.step);
  return Math.round(clamped * factor) / factor;
}

export interface ParamRow {
  key: ParamKey;
  spec: ParamSpec;
  /** What the endpoint uses: the set value fitted to the range (a saved gemini cap is clamped), else the default. */
  value: number;
  isDefault: boolean;
}

/** The popover's rows for an endpoint type and model, in the contract's order; [] for an unknown type. */
export function paramRows(
  type: string,
  model: string,
  values: Partial<Record<ParamKey, number>>,
  overrides?: ParamOverrides,
): ParamRow[] {
  const specs = paramSpecs(type, model, overrides) ?? {};
  return PARAM_KEYS.flatMap((key) => {
    const spec = specs[key];
    if (!spec) return [];
    const set = values[key];
    const value = set === undefined ? spec.default : fitToSpec(spec, set);
    return [{ key, spec, value, isDefault: value === spec.default }];
  });
}

/**
 * The parameters sent with an ask: the ones the endpoint takes fitted to its range (so a value
 * kept from another endpoint, or a cap of another model, is not refused), the others carried
 * as they are (the server leaves out what the endpoint does not take, and keeps them for a
 * switch back).
 */
export function askParams(
  type: string,
  model: string,
  values: Partial<Record<ParamKey, number>>,
  overrides?: ParamOverrides,
): Partial<Record<ParamKey, number>> {
  const specs = paramSpecs(type, model, overrides) ?? {};
  const out: Partial<Record<ParamKey, number>> = {};
  for (const key of PARAM_KEYS) {
    const value = values[key];
    if (value === undefined) continue;
    const spec = specs[key];
    out[key] = spec ? fitToSpec(spec, value) : value;
  }
  return out;
}

/** Every parameter of `type` reset to its default (null: not sent, the endpoint's default applies). */
export function resetParams(type: string, model: string, overrides?: ParamOverrides): ParamValues {
  const specs = paramSpecs(type, model, overrides) ?? {};
  const out: ParamValues = {};
  for (const key of Object.keys(specs) as ParamKey[]) out[key] = null;
  return out;
}

/** The i18n key of a parameter's label. */
export const PARAM_LABEL_KEYS: Record<ParamKey, string> = {
  temperature: 'com_endpoint_temperature',
  top_p: 'com_endpoint_top_p',
  topP: 'com_endpoint_top_p',
  topK: 'com_endpoint_top_k',
  frequency_penalty: 'com_endpoint_frequency_penalty',
  presence_penalty: 'com_endpoint_presence_penalty',
  maxOutputTokens: 'com_endpoint_max_output_tokens',
};
