import { createOpenAI } from '@ai-sdk/openai';
import type { EndpointDefinition } from '../../config/app-config.js';
import type { Credentials } from '../credentials.js';
import {
  createLanguageModelProvider,
  type LanguageModelProviderOptions,
} from '../sdk/language-model-provider.js';
import type { ChatProvider } from '../types.js';
import { openAIChatWire } from '../sdk/wire-openai-chat.js';
import { tapFetch } from '../sdk/wire-stream.js';
import { shapingFetch } from '../sdk/call-shape.js';

/**
 * The adapter of OpenAI's Chat Completions protocol (type 'openAI' and any OpenAI-compatible
 * 'custom' server). `.chat(model)` keeps us on /chat/completions, which every compatible server
 * speaks (the default `openai(model)` would use the Responses API). A custom endpoint with
 * `forcePrompt` (LibreChat's) is sent a `prompt` on the legacy /completions instead, the
 * conversation written out as `user:` / `assistant:` blocks by the SDK's completion model.
 */
export function createOpenAIChatProvider(
  target: Pick<EndpointDefinition, 'name'> &
    Credentials & {
      headers?: Record<string, string> | undefined;
      forcePrompt?: boolean | undefined;
      /** The base URL is the whole URL of every request (LibreChat's `directEndpoint`). */
      directEndpoint?: boolean | undefined;
    },
  opts: LanguageModelProviderOptions = {},
): ChatProvider {
  // The chat stream's body is read by wire-stream.ts (the SDK still sends the request).
  const tapped = tapFetch(target.fetch);
  const directURL = target.directEndpoint ? target.baseURL : undefined;
  const client = createOpenAI({
    apiKey: target.apiKey,
    baseURL: target.baseURL,
    name: target.name,
    ...(target.headers ? { headers: target.headers } : {}),
    fetch: opts.shape || directURL ? shapingFetch(tapped, { directURL }) : tapped,
  });
  if (target.forcePrompt) return createLanguageModelProvider((id) => client.completion(id), opts);
  return createLanguageModelProvider((id) => client.chat(id), { ...opts, wire: openAIChatWire });
}
