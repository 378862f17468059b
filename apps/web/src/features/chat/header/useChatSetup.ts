import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  PARAM_KEYS,
  TOOL_ENDPOINT_TYPES,
  type ConversationOptions,
  type EndpointsConfig,
  type ModelSpec,
  type ModelsConfig,
  type ParamKey,
  type ParamOverrides,
  type ParamValues,
} from '@chat/contract';
import { useEndpoints, useModels } from '../../../api/endpoints';
import { endpointKindOf, useChatExtensions, type ConversationOption, type MenuData } from '../extensions';
import {
  askOptions,
  BING_OPTION_KEYS,
  CARRIED,
  endpointTypeOf,
  mergeBing,
  mergeParams,
  paramOverridesOf,
  paramsTypeOf,
  resetParams,
  type BingOptionKey,
  type BingValues,
  type CarriedValues,
  type SetupBase,
} from '../../conversation-options';
import { onAdoption } from '../stream/adopt-id';
import {
  installedOnly,
  pickEndpoint,
  pickModel,
  readLastModels,
  readLastSetup,
  readLastTools,
  useHiddenEndpoints,
  writeLastSetup,
  writeLastSpec,
  writeLastTools,
} from '../../model-select';

export interface ChatSetupState {
  endpoint: string | null;
  model: string | null;
  /** The endpoint's type (its parameters, key shape and actions follow it). */
  endpointType: string | null;
  /** Whose parameters the options show and the asks carry (the type's, unless the server names others). */
  paramsType: string | null;
  /** The operator's ranges and defaults of those parameters on this endpoint. */
  paramOverrides: ParamOverrides | undefined;
  endpointsConfig: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  loading: boolean;
  /** The sampling parameters in effect: the conversation's, changed in the options popover. */
  params: Partial<Record<ParamKey, number>>;
  /** The options the next ask carries (askOptions). */
  options: ConversationOptions | undefined;
  /** Picks an endpoint and one of its models (the menu); keeps the conversation and its options. */
  choose: (endpoint: string, model: string) => void;
  setParam: (key: ParamKey, value: number) => void;
  /** Bing's tone, context and Sydney's system message in effect (bingAI only). */
  bing: ReturnType<typeof mergeBing>;
  setBing: <K extends BingOptionKey>(key: K, value: BingValues[K]) => void;
  /** Every parameter of the chosen endpoint back to its default. */
  resetParams: () => void;
  /** The conversation's own options in effect (custom name, prompt prefix, image options). */
  carried: CarriedValues;
  setCarried: <K extends keyof CarriedValues>(key: K, value: CarriedValues[K]) => void;
  /** The plugins (MCP tools among them) selected (keys): gptPlugins', or the tools menu's. */
  tools: string[];
  setTools: (tools: string[]) => void;
  /** The MCP servers chosen for the conversation (LibreChat's `ephemeralAgent.mcp`). */
  mcp: string[];
  setMcp: (servers: string[]) => void;
  /** The features' conversation options in effect (chat/extensions.ts), by id: see optionValue. */
  optionValues: Readonly<Record<string, unknown>>;
  /** Chooses a feature's conversation option for this view; the next ask carries it. */
  setOption: (id: string, value: unknown) => void;
  /**
   * A preset's setup in place of this view's: its endpoint, model, parameters
   * (the others back to their defaults), carried options, Bing options and plugins. False when
   * its endpoint is not offered here (nothing changes).
   */
  /** Null when the preset's endpoint is not offered; else the model used (see ApplyPreset). */
  applyPreset: (preset: AppliedPreset) => { model: string } | null;
  /** The librechat.yaml model spec in effect (the conversation's, or the one chosen here). */
  spec: string | null;
  /**
   * A model spec's preset applied as a preset is, the spec remembered on the conversation (the
   * next ask names it) and as the last chosen. False when its endpoint is not offered.
   */
  chooseSpec: (spec: ModelSpec) => boolean;
}

/** What applying a preset sets. */
type AppliedPreset = ConversationOptions & { endpoint: string };

/** No change to the saved parameters (one object, so memoized values keep). */
const NO_PARAMS: ParamValues = Object.freeze({});
const NO_BING: BingValues = Object.freeze({});
const NO_CARRIED: CarriedValues = Object.freeze({});
const NO_EXTRA: Readonly<Record<string, unknown>> = Object.freeze({});

interface Choice {
  key: string;
  endpoint?: string;
  model?: string;
  params: ParamValues;
  bing?: BingValues;
  carried?: CarriedValues;
  tools?: string[];
  mcp?: string[];
  /** The features' conversation options chosen in this view, by id. */
  extra?: Readonly<Record<string, unknown>>;
  /** The spec chosen in this view; null: a model chosen from the endpoint menu left it. */
  spec?: string | null;
}

/**
 * The endpoint, model and parameters of the chat on screen: the person's choice in this view,
 * else the conversation's, else the remembered setup. `viewKey`
 * resets the in-view choice when another conversation is shown; a new conversation's choice
 * follows it to its id.
 */
export function useChatSetup(
  /** The conversation shown; on a new chat, the default preset (it starts new chats). */
  convo: SetupBase | undefined,
  viewKey: string,
  /** The plugins the person installed; a selected plugin not among them is dropped. */
  installedPlugins?: readonly string[],
): ChatSetupState {
  const endpointsQuery = useEndpoints();
  const modelsQuery = useModels();
  const extensions = useChatExtensions();
  // The features' endpoints add their entries (the agents endpoint's "models" are the person's
  // agents). The list is fixed once the app is up, so these hooks run in the same order each time.
  let menu: MenuData = { endpoints: endpointsQuery.data, models: modelsQuery.data };
  for (const kind of extensions.endpointKinds) menu = kind.useMenu(menu);
  const endpoints = { data: menu.endpoints, isPending: endpointsQuery.isPending };
  const models = { data: menu.models, isPending: modelsQuery.isPending };
  const [choice, setChoice] = useState<Choice>({ key: viewKey, params: NO_PARAMS });
  const own: Choice = choice.key === viewKey ? choice : { key: viewKey, params: NO_PARAMS };

  // /c/new becomes /c/<id> once the server names it: the choice made there stays.
  useEffect(
    () => onAdoption(({ from, to }) => setChoice((c) => (c.key === from ? { ...c, key: to } : c))),
    [],
  );

  const [hidden] = useHiddenEndpoints();
  const endpoint = useMemo(() => {
    const stored = readLastSetup().endpoint;
    return own.endpoint ?? pickEndpoint(convo?.endpoint, stored, endpoints.data, hidden);
  }, [own.endpoint, convo?.endpoint, endpoints.data, hidden]);

  const kind = endpointKindOf(extensions, endpoint);
  const model = useMemo(() => {
    if (!endpoint) return null;
    // A feature's conversation stays with its entry, even one gone from the menu (an agent deleted
    // or no longer shared): the feature says so and offers another endpoint, rather than another
    // entry answering unannounced.
    const saved = !own.model && kind && convo?.endpoint === endpoint ? kind.savedEntry(convo) : null;
    if (saved) return saved;
    const stored = readLastSetup();
    return pickModel(endpoint, models.data, [
      own.model,
      // A feature's endpoint names its own entry (an agent conversation's "model" is its agent).
      convo?.endpoint === endpoint ? (kind ? kind.savedEntry(convo) : convo.model) : null,
      readLastModels()[endpoint],
      stored.endpoint === endpoint ? stored.model : null,
    ]);
  }, [endpoint, own.model, convo, kind, models.data]);

  const chosenConfig = useMemo(
    () => withChosenModelIcon(endpoints.data, endpoint, model),
    [endpoints.data, endpoint, model],
  );
  const endpointType = endpoint ? endpointTypeOf(endpoint, endpoints.data) : null;
  const paramsType = endpoint ? paramsTypeOf(endpoint, endpoints.data) : null;
  const paramOverrides = endpoint ? paramOverridesOf(endpoint, endpoints.data) : undefined;
  const params = useMemo(() => mergeParams(convo, own.params), [convo, own.params]);
  const ownBing = own.bing ?? NO_BING;
  const ownCarried = own.carried ?? NO_CARRIED;
  const bing = useMemo(() => mergeBing(convo, ownBing), [convo, ownBing]);
  const carried = useMemo(() => {
    const out: CarriedValues = {};
    for (const key of CARRIED) {
      const value = Object.hasOwn(ownCarried, key) ? ownCarried[key] : convo?.[key];
      if (value !== null && value !== undefined) Object.assign(out, { [key]: value });
    }
    return out;
  }, [convo, ownCarried]);
  const runsTools = endpointType !== null && TOOL_ENDPOINT_TYPES.includes(endpointType);
  const tools = useMemo(() => {
    // The last selection is gptPlugins' (its header select); other endpoints start with none.
    const chosen =
      own.tools ??
      convo?.tools?.map((t) => (typeof t === 'string' ? t : t.pluginKey)) ??
      (endpointType === 'gptPlugins' ? readLastTools() : []);
    return installedOnly(chosen, installedPlugins);
  }, [own.tools, convo?.tools, installedPlugins, endpointType]);
  const mcp = useMemo(() => own.mcp ?? convo?.ephemeralAgent?.mcp ?? [], [own.mcp, convo?.ephemeralAgent]);
  const ownExtra = own.extra ?? NO_EXTRA;
  const optionValues = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const o of extensions.conversationOptions)
      out[o.id] = Object.hasOwn(ownExtra, o.id) ? ownExtra[o.id] : (o.saved(convo) ?? o.initial);
    return out;
  }, [extensions.conversationOptions, ownExtra, convo]);
  const spec = own.spec !== undefined ? own.spec : (convo?.spec ?? null);
  const options = useMemo(() => {
    if (!endpoint || !model) return undefined;
    const base = askOptions({
      conversation: convo,
      overrides: own.params,
      endpoint,
      model,
      config: endpoints.data,
      bing: ownBing,
      carried: ownCarried,
    });
    const withSpec = spec ? { ...base, spec } : base;
    // The features' options, each as its feature says (artifacts go with every endpoint).
    const withOptions = (o: typeof withSpec) =>
      extensions.conversationOptions.reduce(
        (acc, option: ConversationOption) => option.apply(acc, optionValues[option.id], option.saved(convo)),
        o,
      );
    // A conversation that had servers chosen is told of an empty choice too (it is saved).
    const servers = mcp.length > 0 || convo?.ephemeralAgent?.mcp ? { ephemeralAgent: { mcp } } : {};
    if (endpointType === 'gptPlugins') return withOptions({ ...withSpec, tools, ...servers });
    // Elsewhere the choice goes only where the models call tools, once something is or was chosen.
    const had = (convo?.tools?.length ?? 0) > 0 || convo?.ephemeralAgent?.mcp;
    if (!runsTools || (tools.length === 0 && mcp.length === 0 && !had)) return withOptions(withSpec);
    return withOptions({ ...withSpec, tools, ...servers });
  }, [
    convo,
    own.params,
    ownBing,
    ownCarried,
    endpoint,
    model,
    endpoints.data,
    endpointType,
    runsTools,
    tools,
    mcp,
    spec,
    extensions.conversationOptions,
    optionValues,
  ]);

  const update = useCallback(
    (change: (c: Choice) => Choice) =>
      setChoice((c) => change(c.key === viewKey ? c : { key: viewKey, params: NO_PARAMS })),
    [viewKey],
  );

  const choose = useCallback(
    (nextEndpoint: string, nextModel: string) => {
      writeLastSetup({ endpoint: nextEndpoint, model: nextModel });
      writeLastSpec(null);
      // A model of the menu is no longer the spec's setup: the conversation leaves its spec.
      update((c) => ({ ...c, endpoint: nextEndpoint, model: nextModel, spec: null }));
    },
    [update],
  );

  const setParam = useCallback(
    (key: ParamKey, value: number) => update((c) => ({ ...c, params: { ...c.params, [key]: value } })),
    [update],
  );

  const setBing = useCallback(
    <K extends BingOptionKey>(key: K, value: BingValues[K]) =>
      update((c) => ({ ...c, bing: { ...c.bing, [key]: value } })),
    [update],
  );

  const setCarried = useCallback(
    <K extends keyof CarriedValues>(key: K, value: CarriedValues[K]) =>
      update((c) => ({ ...c, carried: { ...c.carried, [key]: value } })),
    [update],
  );

  const reset = useCallback(() => {
    if (!paramsType || !model) return;
    const defaults = resetParams(paramsType, model, paramOverrides);
    update((c) => ({ ...c, params: { ...c.params, ...defaults } }));
  }, [paramsType, paramOverrides, model, update]);

  const setTools = useCallback(
    (next: string[]) => {
      writeLastTools(next);
      update((c) => ({ ...c, tools: next }));
    },
    [update],
  );

  const setMcp = useCallback((next: string[]) => update((c) => ({ ...c, mcp: next })), [update]);
  const setOption = useCallback(
    (id: string, value: unknown) => update((c) => ({ ...c, extra: { ...c.extra, [id]: value } })),
    [update],
  );

  const applyPreset = useCallback(
    (preset: AppliedPreset) => {
      if (!endpoints.data?.[preset.endpoint]) return null;
      const nextModel = pickModel(preset.endpoint, models.data, [preset.model]);
      if (!nextModel) return null;
      writeLastSetup({ endpoint: preset.endpoint, model: nextModel });
      const params: ParamValues = {};
      for (const key of PARAM_KEYS) params[key] = preset[key] ?? null;
      const carried: CarriedValues = {};
      for (const key of CARRIED) Object.assign(carried, { [key]: preset[key] ?? null });
      const bing: BingValues = {};
      for (const key of BING_OPTION_KEYS) Object.assign(bing, { [key]: preset[key] ?? null });
      const nextTools = (preset.tools ?? []).map((t) => (typeof t === 'string' ? t : t.pluginKey));
      update((c) => ({
        ...c,
        endpoint: preset.endpoint,
        model: nextModel,
        params,
        carried,
        bing,
        tools: nextTools,
        mcp: preset.ephemeralAgent?.mcp ?? [],
        // A spec's preset names its spec; any other preset leaves the spec of the conversation.
        spec: preset.spec ?? null,
      }));
      return { model: nextModel };
    },
    [endpoints.data, models.data, update],
  );

  const chooseSpec = useCallback(
    (next: ModelSpec) => {
      if (!applyPreset({ ...next.preset, spec: next.name })) return false;
      writeLastSpec(next.name);
      return true;
    },
    [applyPreset],
  );

  return {
    applyPreset,
    spec,
    chooseSpec,
    tools,
    setTools,
    mcp,
    setMcp,
    optionValues,
    setOption,
    endpoint,
    model,
    endpointType,
    paramsType,
    paramOverrides,
    // A chosen entry's own icon (an agent's avatar) is its endpoint's here (the menu's button, the replies).
    endpointsConfig: chosenConfig,
    models: models.data,
    loading: endpoints.isPending || models.isPending,
    params,
    options,
    choose,
    setParam,
    bing,
    setBing,
    resetParams: reset,
    carried,
    setCarried,
  };
}

/** A feature's conversation option in effect, typed by its definition. */
export function optionValue<V>(
  setup: Pick<ChatSetupState, 'optionValues'>,
  option: ConversationOption<V>,
): V {
  // setup.optionValues holds, under each option's id, a value of that option's type.
  return (Object.hasOwn(setup.optionValues, option.id) ? setup.optionValues[option.id] : option.initial) as V;
}

/**
 * The endpoints as the chat shows them once an entry is chosen: an endpoint whose entries have
 * icons of their own (`modelIcons`: an agent's avatar) takes the chosen one's as its icon.
 */
function withChosenModelIcon(
  endpoints: EndpointsConfig | undefined,
  endpoint: string | null,
  model: string | null,
): EndpointsConfig | undefined {
  const entry = endpoint ? endpoints?.[endpoint] : undefined;
  const icon = entry && model ? entry.modelIcons?.[model] : undefined;
  if (!endpoint || !entry || !icon) return endpoints;
  return { ...endpoints, [endpoint]: { ...entry, iconURL: icon } };
}
