import { ProviderFailure, type ChatProvider, type ProviderEvent, type ProviderRequest } from './types.js';

/**
 * A one-shot completion read from a provider's own stream, for upstreams that only stream (the
 * Bing chat hub, the ChatGPT web backend): the text, or the stream's error as a ProviderFailure.
 */
export function completeFromStream(
  stream: (req: ProviderRequest, signal: AbortSignal) => AsyncIterable<ProviderEvent>,
): ChatProvider['complete'] {
  return async (req, signal) => {
    let text = '';
    for await (const e of stream(req, signal)) {
      if (e.type === 'text') text += e.text;
      if (e.type === 'error') throw new ProviderFailure(e.error);
    }
    return { text, toolCalls: [] };
  };
}
