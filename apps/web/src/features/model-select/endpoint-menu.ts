import {
  isPremiumModel,
  rawSenderEndpoint,
  relabelModel,
  type EndpointConfig,
  type EndpointsConfig,
  type ModelsConfig,
} from '@chat/contract';
import { sortedEndpoints } from './setup';

type Translate = (key: string) => string;

/** The built-in endpoints' names as people know them (i18n keys). */
const BUILT_IN_LABELS: Partial<Record<string, string>> = {
  azureOpenAI: 'com_endpoint_azureOpenAI',
  openAI: 'com_endpoint_openAI',
  chatGPTBrowser: 'com_endpoint_chatGPTBrowser',
  gptPlugins: 'com_endpoint_gptPlugins',
  bingAI: 'com_endpoint_bingAI',
  google: 'com_endpoint_google',
  anthropic: 'com_endpoint_anthropic',
  assistant: 'com_endpoint_assistant',
  agents: 'com_endpoint_agents',
};

/** The name shown for an endpoint: a built-in's own, the demo's, else the (custom) endpoint's name. */
export function endpointLabel(name: string, config: EndpointsConfig | undefined, t: Translate): string {
  if (config?.[name]?.isDemo || name === 'demo') return t('com_chat_endpoint_demo');
  const key = BUILT_IN_LABELS[name];
  return key ? t(key) : name;
}

/**
 * Who an endpoint's replies are signed by: its configured `modelDisplayLabel` (a custom
 * endpoint's, or a built-in's override), else the endpoint's own display name.
 */
export function endpointDisplayName(name: string, config: EndpointsConfig | undefined, t: Translate): string {
  const own = config?.[name]?.modelDisplayLabel?.trim();
  return own || endpointLabel(name, config, t);
}

/**
 * The name a reply is signed with. The stored sender is kept when it is a real name (the
 * conversation's own label for the AI, an assistant's name); a raw endpoint id or model id (what
 * older replies and a failed send's placeholder carry) gives way to the endpoint's display name.
 */
export function replyAuthor(
  message: { sender: string; endpoint: string | null; model: string | null },
  config: EndpointsConfig | undefined,
  t: Translate,
): string {
  const endpoint = rawSenderEndpoint(message);
  if (endpoint === undefined) return message.sender.trim();
  return endpoint ? endpointDisplayName(endpoint, config, t) : t('com_chat_assistant');
}

/**
 * Display names by real model name the server sends with the endpoint (librechat.yaml
 * `modelLabels`). Read with care: anything but an object of strings is no relabelling.
 */
export function modelLabelsOf(entry: EndpointConfig | undefined): Record<string, string> {
  const raw: unknown = (entry as Record<string, unknown> | undefined)?.modelLabels;
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [model, label] of Object.entries(raw))
    if (typeof label === 'string' && label) out[model] = label;
  return out;
}

/**
 * A model's display name on an endpoint: an explicit label,
 * else the spec's rules where the endpoint relabels ("No model selected" for the hidden
 * families), else its real name. Requests keep the real name.
 */
export function modelLabel(
  endpoint: string,
  model: string,
  config: EndpointsConfig | undefined,
  t: Translate,
): string {
  const entry = config?.[endpoint];
  const own = modelLabelsOf(entry)[model];
  if (own) return own;
  if (entry?.relabelModels !== true) return model;
  const r = relabelModel(model);
  if (r.kind === 'label') return r.label;
  return r.kind === 'hidden' ? t('com_error_no_model') : model;
}

interface MenuModel {
  value: string;
  label: string;
  /** Basic users get a few uses a day of it (the server's `premiumModels` of the endpoint). */
  premium: boolean;
}

/** Whether `model` is one of the endpoint's premium models (counted for basic users). */
export function isPremiumOn(endpoint: string, model: string, config: EndpointsConfig | undefined): boolean {
  return isPremiumModel(model, config?.[endpoint]?.premiumModels ?? []);
}

export interface MenuGroup {
  name: string;
  label: string;
  /** A custom endpoint's model display label, when it differs from its name. */
  detail: string | null;
  type: string;
  iconURL: string | null;
  isDemo: boolean;
  /** The person brings their own key: the row carries a config-key button. */
  userProvide: boolean;
  beta: boolean;
  models: MenuModel[];
}

/** The endpoint menu: endpoints in the server's order, each with its models. */
export function menuGroups(
  config: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
  t: Translate,
): MenuGroup[] {
  return sortedEndpoints(config).map((name) => {
    const entry = config?.[name];
    const label = endpointLabel(name, config, t);
    const detail =
      entry?.modelDisplayLabel && entry.modelDisplayLabel !== label ? entry.modelDisplayLabel : null;
    return {
      name,
      label,
      detail,
      type: entry?.type ?? name,
      iconURL: entry?.iconURL ?? null,
      isDemo: entry?.isDemo === true,
      userProvide: entry?.userProvide === true,
      beta: name === 'gptPlugins',
      models: (models?.[name] ?? []).map((value) => ({
        value,
        label: modelLabel(name, value, config, t),
        premium: isPremiumOn(name, value, config),
      })),
    };
  });
}
