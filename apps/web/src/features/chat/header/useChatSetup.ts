import { useCallback, useEffect, useMemo, useState } from 'react';
import type {
  Conversation,
  ConversationOptions,
  EndpointsConfig,
  ModelsConfig,
  ParamKey,
  ParamValues,
} from '@chat/contract';
import { useEndpoints, useModels } from '../../../api/endpoints';
import { askOptions } from '../options/ask-options';
import { mergeBing, type BingOptionKey, type BingValues } from '../options/bing-options';
import { endpointTypeOf, mergeParams, resetParams } from '../options/params';
import { onAdoption } from '../stream/adopt-id';
import {
  installedOnly,
  pickEndpoint,
  pickModel,
  readLastModels,
  readLastSetup,
  readLastTools,
  writeLastSetup,
  writeLastTools,
} from './setup';

export interface ChatSetupState {
  endpoint: string | null;
  model: string | null;
  /** The endpoint's type (its parameters, key shape and actions follow it). */
  endpointType: string | null;
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
  /** gptPlugins: the plugins selected (keys). */
  tools: string[];
  setTools: (tools: string[]) => void;
}

/** No change to the saved parameters (one object, so memoized values keep). */
const NO_PARAMS: ParamValues = Object.freeze({});
const NO_BING: BingValues = Object.freeze({});

interface Choice {
  key: string;
  endpoint?: string;
  model?: string;
  params: ParamValues;
  bing?: BingValues;
  tools?: string[];
}

/**
 * The endpoint, model and parameters of the chat on screen: the person's choice in this view,
 * else the conversation's, else the remembered setup (spec §4 Starting endpoint). `viewKey`
 * resets the in-view choice when another conversation is shown; a new conversation's choice
 * follows it to its id.
 */
export function useChatSetup(
  convo: Conversation | undefined,
  viewKey: string,
  /** The plugins the person installed; a selected plugin not among them is dropped. */
  installedPlugins?: readonly string[],
): ChatSetupState {
  const endpoints = useEndpoints();
  const models = useModels();
  const [choice, setChoice] = useState<Choice>({ key: viewKey, params: NO_PARAMS });
  const own: Choice = choice.key === viewKey ? choice : { key: viewKey, params: NO_PARAMS };

  // /c/new becomes /c/<id> once the server names it: the choice made there stays.
  useEffect(
    () => onAdoption(({ from, to }) => setChoice((c) => (c.key === from ? { ...c, key: to } : c))),
    [],
  );

  const endpoint = useMemo(() => {
    const stored = readLastSetup().endpoint;
    return own.endpoint ?? pickEndpoint(convo?.endpoint, stored, endpoints.data);
  }, [own.endpoint, convo?.endpoint, endpoints.data]);

  const model = useMemo(() => {
    if (!endpoint) return null;
    const stored = readLastSetup();
    return pickModel(endpoint, models.data, [
      own.model,
      convo?.endpoint === endpoint ? convo.model : null,
      readLastModels()[endpoint],
      stored.endpoint === endpoint ? stored.model : null,
    ]);
  }, [endpoint, own.model, convo?.endpoint, convo?.model, models.data]);

  const endpointType = endpoint ? endpointTypeOf(endpoint, endpoints.data) : null;
  const params = useMemo(() => mergeParams(convo, own.params), [convo, own.params]);
  const ownBing = own.bing ?? NO_BING;
  const bing = useMemo(() => mergeBing(convo, ownBing), [convo, ownBing]);
  const tools = useMemo(() => {
    const chosen =
      own.tools ?? convo?.tools?.map((t) => (typeof t === 'string' ? t : t.pluginKey)) ?? readLastTools();
    return installedOnly(chosen, installedPlugins);
  }, [own.tools, convo?.tools, installedPlugins]);
  const options = useMemo(() => {
    if (!endpoint || !model) return undefined;
    const base = askOptions({
      conversation: convo,
      overrides: own.params,
      endpoint,
      model,
      config: endpoints.data,
      bing: ownBing,
    });
    return endpointType === 'gptPlugins' ? { ...base, tools } : base;
  }, [convo, own.params, ownBing, endpoint, model, endpoints.data, endpointType, tools]);

  const update = useCallback(
    (change: (c: Choice) => Choice) =>
      setChoice((c) => change(c.key === viewKey ? c : { key: viewKey, params: NO_PARAMS })),
    [viewKey],
  );

  const choose = useCallback(
    (nextEndpoint: string, nextModel: string) => {
      writeLastSetup({ endpoint: nextEndpoint, model: nextModel });
      update((c) => ({ ...c, endpoint: nextEndpoint, model: nextModel }));
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

  const reset = useCallback(() => {
    if (!endpointType || !model) return;
    const defaults = resetParams(endpointType, model);
    update((c) => ({ ...c, params: { ...c.params, ...defaults } }));
  }, [endpointType, model, update]);

  const setTools = useCallback(
    (next: string[]) => {
      writeLastTools(next);
      update((c) => ({ ...c, tools: next }));
    },
    [update],
  );

  return {
    tools,
    setTools,
    endpoint,
    model,
    endpointType,
    endpointsConfig: endpoints.data,
    models: models.data,
    loading: endpoints.isPending || models.isPending,
    params,
    options,
    choose,
    setParam,
    bing,
    setBing,
    resetParams: reset,
  };
}
