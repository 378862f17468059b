import { useCallback, useMemo, useState } from 'react';
import type { Conversation, EndpointsConfig, ModelsConfig } from '@chat/contract';
import { useEndpoints, useModels } from '../../../api/endpoints';
import { pickEndpoint, pickModel, readLastModels, readLastSetup, writeLastSetup } from './setup';

export interface ChatSetupState {
  endpoint: string | null;
  model: string | null;
  endpointsConfig: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  loading: boolean;
  selectEndpoint: (endpoint: string) => void;
  selectModel: (model: string) => void;
}

/**
 * The endpoint and model of the chat on screen: the person's choice in this view, else the
 * conversation's, else the remembered setup (spec §4 Starting endpoint). `viewKey` resets the
 * in-view choice when another conversation is shown.
 */
export function useChatSetup(convo: Conversation | undefined, viewKey: string): ChatSetupState {
  const endpoints = useEndpoints();
  const models = useModels();
  const [choice, setChoice] = useState<{ key: string; endpoint?: string; model?: string }>({ key: viewKey });
  const own = choice.key === viewKey ? choice : { key: viewKey };

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

  const selectEndpoint = useCallback(
    (next: string) => {
      const nextModel = pickModel(next, models.data, [readLastModels()[next]]);
      if (nextModel) writeLastSetup({ endpoint: next, model: nextModel });
      setChoice({ key: viewKey, endpoint: next });
    },
    [models.data, viewKey],
  );

  const selectModel = useCallback(
    (next: string) => {
      if (endpoint) writeLastSetup({ endpoint, model: next });
      setChoice((c) => ({ ...(c.key === viewKey ? c : { key: viewKey }), model: next }));
    },
    [endpoint, viewKey],
  );

  return {
    endpoint,
    model,
    endpointsConfig: endpoints.data,
    models: models.data,
    loading: endpoints.isPending || models.isPending,
    selectEndpoint,
    selectModel,
  };
}
