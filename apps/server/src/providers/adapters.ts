import type { EndpointType } from '../config/app-config.js';
import type { ProviderAdapter } from './adapter-types.js';
import { anthropicAdapter } from './anthropic/adapter.js';
import { azureAdapter } from './azure/adapter.js';
import { bingAdapter } from './bing/adapter.js';
import { chatGPTBrowserAdapter } from './chatgpt-browser/adapter.js';
import { googleAdapter } from './google/adapter.js';
import { openAIAdapter } from './openai/adapter.js';

/**
 * One line per wire protocol: a new provider is a folder under providers/ exporting its
 * ProviderAdapter, plus its entry here and its endpoint type and parameters in the contract.
 */
export const ADAPTERS: Record<EndpointType, ProviderAdapter> = {
  openAI: openAIAdapter,
  custom: openAIAdapter,
  gptPlugins: openAIAdapter,
  azureOpenAI: azureAdapter,
  google: googleAdapter,
  anthropic: anthropicAdapter,
  bingAI: bingAdapter,
  chatGPTBrowser: chatGPTBrowserAdapter,
};
