import {
  DEFAULT_MODELS,
  EModelEndpoint,
  PARAM_KEYS,
  paramSpecs,
  type ConversationOptions,
  type EndpointsConfig,
  type ModelsConfig,
  type ParamKey,
  type Preset,
} from '@chat/contract';
import { parsePreset, setupOf, type ParsedPreset } from './preset-data';
import type { CurrentSetup } from './types';

/** The preset editor's form: texts as typed, the options it does not show kept as they are. */
export interface EditorDraft {
  title: string;
  endpoint: string;
  model: string;
  /** Parameters as typed; '' is the default. */
  params: Partial<Record<ParamKey, string>>;
  chatGptLabel: string;
  promptPrefix: string;
  rest: ConversationOptions;
}

export function draftOf(
  preset: Preset | null,
  current: CurrentSetup | null,
  fallbackEndpoint: string,
): EditorDraft {
  const setup = preset
    ? setupOf(preset)
    : { ...current?.options, endpoint: current?.endpoint ?? fallbackEndpoint, model: current?.model ?? '' };
  const params: Partial<Record<ParamKey, string>> = {};
  const rest: ConversationOptions = {};
  for (const [key, value] of Object.entries(setup)) {
    if (value === undefined || value === null) continue;
    if ((PARAM_KEYS as readonly string[]).includes(key)) params[key as ParamKey] = String(value);
    else if (!['endpoint', 'model', 'chatGptLabel', 'promptPrefix'].includes(key)) {
      Object.assign(rest, { [key]: value });
    }
  }
  return {
    title: preset?.title ?? '',
    endpoint: setup.endpoint,
    model: setup.model ?? '',
    params,
    chatGptLabel: setup.chatGptLabel ?? '',
    promptPrefix: setup.promptPrefix ?? '',
    rest,
  };
}

/** Endpoints a preset may name, by configured order (assistants are chatted with in their own view). */
export function endpointChoices(config: EndpointsConfig | undefined): string[] {
  if (!config) return [];
  return Object.entries(config)
    .filter(([name]) => name !== EModelEndpoint.assistant)
    .sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))
    .map(([name]) => name);
}

/** The models offered for an endpoint, the draft's own first when the list lacks it. */
export function modelChoices(endpoint: string, models: ModelsConfig | undefined, own: string): string[] {
  const list = models?.[endpoint] ?? [];
  const fallback = (DEFAULT_MODELS as Record<string, string>)[endpoint];
  const all = list.length > 0 ? list : fallback ? [fallback] : [];
  return own && !all.includes(own) ? [own, ...all] : all;
}

export function endpointTypeFor(endpoint: string, config: EndpointsConfig | undefined): string {
  return config?.[endpoint]?.type ?? endpoint;
}

/** A new endpoint for the draft: its type and first model (what another endpoint's model means nothing there). */
export function withEndpoint(
  draft: EditorDraft,
  endpoint: string,
  config: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
): EditorDraft {
  const type = config?.[endpoint]?.type;
  const { endpointType: _old, ...rest } = draft.rest;
  return {
    ...draft,
    endpoint,
    model: modelChoices(endpoint, models, '')[0] ?? '',
    rest: type && type !== endpoint ? { ...rest, endpointType: type } : rest,
  };
}

/**
 * The draft as a preset to save: typed numbers read, then parsed like any preset (* invalid values fall back to the defaults and are named; values equal to defaults dropped).
 */
export function draftToPreset(draft: EditorDraft): ParsedPreset {
  const raw: Record<string, unknown> = {
    ...draft.rest,
    title: draft.title,
    endpoint: draft.endpoint,
    model: draft.model,
    chatGptLabel: draft.chatGptLabel,
    promptPrefix: draft.promptPrefix,
  };
  for (const [key, text] of Object.entries(draft.params)) {
    if (text === undefined || text.trim() === '') continue;
    const value = Number(text);
    raw[key] = Number.isFinite(value) ? value : text;
  }
  return parsePreset(raw, draft.endpoint);
}

/**
 * The parameters the draft's endpoint and model take, in the contract's order: the set the server
 * names for the endpoint (a custom endpoint of another protocol), else its type's, with the
 * operator's ranges and defaults over them.
 */
export function draftParamSpecs(draft: EditorDraft, config: EndpointsConfig | undefined) {
  const entry = config?.[draft.endpoint];
  const type = entry?.paramsType ?? draft.rest.endpointType ?? endpointTypeFor(draft.endpoint, config);
  const specs = paramSpecs(type, draft.model, entry?.paramOverrides) ?? {};
  return PARAM_KEYS.flatMap((key) => {
    const spec = specs[key];
    return spec ? [{ key, spec }] : [];
  });
}
