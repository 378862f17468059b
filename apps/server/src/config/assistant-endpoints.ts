import { ASSISTANT_DEFAULT_MODEL, isAssistantModel } from '@chat/contract';
import type { EndpointDefinition } from './app-config.js';

/**
 * Which configured endpoints run assistants (docs/decisions.md, Assistants): those speaking chat
 * completions with tools, preferred in this order of type.
 */
const RUNNER_TYPES = ['openAI', 'azureOpenAI', 'custom'] as const;

const runners = (endpoints: readonly EndpointDefinition[]): EndpointDefinition[] =>
  RUNNER_TYPES.flatMap((type) => endpoints.filter((e) => e.type === type));

/**
 * The endpoint that runs an assistant of this model: the first (openAI, then azureOpenAI, then
 * custom) that lists it, else the first that takes any model name; undefined when none does.
 */
export function assistantEndpointFor(
  endpoints: readonly EndpointDefinition[],
  model: string,
): EndpointDefinition | undefined {
  const all = runners(endpoints);
  return all.find((e) => e.models.includes(model)) ?? all.find((e) => e.allowAnyModel);
}

/**
 * The models an assistant may use, from the endpoints that run assistants: the gpt-4 and
 * gpt-3.5 ones, without vision and instruct, each once; the default (gpt-3.5-turbo-1106) first when
 * offered. Empty when nothing here can run an assistant (the `assistant` endpoint is then hidden).
 */
export function assistantModels(endpoints: readonly EndpointDefinition[]): string[] {
  const models = [...new Set(runners(endpoints).flatMap((e) => e.models.filter(isAssistantModel)))];
  return models.includes(ASSISTANT_DEFAULT_MODEL)
    ? [ASSISTANT_DEFAULT_MODEL, ...models.filter((m) => m !== ASSISTANT_DEFAULT_MODEL)]
    : models;
}
