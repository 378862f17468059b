import { modelConfigKey } from '@chat/contract';
import type { AskPromptShaper } from '../ask/index.js';
import type { ModelConfigsService } from './service.js';

/**
 * Applies the model's config (kept under its configurable key: gpt-4.1's is gpt-4.1-unfiltered)
 * to every request for it, on any endpoint: its system prompt first
 * (before the conversation's own), and its prefill as the start of the reply the model continues
 * (not on Continue, whose reply already has its text).
 */
export function modelConfigShaper(configs: Pick<ModelConfigsService, 'get'>): AskPromptShaper {
  return {
    name: 'model-config',
    async shape({ mode }, request) {
      const config = await configs.get(modelConfigKey(request.model));
      if (!config.jailbreakPrompt && !config.prefill) return request;
      const messages = [...request.messages];
      if (config.jailbreakPrompt) messages.unshift({ role: 'system', content: config.jailbreakPrompt });
      if (config.prefill && mode !== 'continue')
        messages.push({ role: 'assistant', content: config.prefill });
      return { ...request, messages };
    },
  };
}
