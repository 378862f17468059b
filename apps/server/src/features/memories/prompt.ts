import type { MemoryEntryRow } from '../../db/schema.js';
import type { ProviderMessage } from '../../providers/types.js';
import type { AskPromptShaper } from '../ask/index.js';
import type { MemoriesService } from './service.js';

/** The memories as the model reads them: one line each, key then value. */
export function memoryLines(rows: readonly Pick<MemoryEntryRow, 'key' | 'value'>[]): string {
  return rows.map((r, i) => `${i + 1}. ${r.key}: ${r.value}`).join('\n');
}

/** What the reply's model is told, before the memories themselves. */
const PREAMBLE =
  'What you remember about the user from earlier conversations (their memories). Use it where it ' +
  'helps your answer; do not recite it unless asked.\n\n# Existing memory about the user:\n';

/**
 * Adds the person's memories to the system context of every reply, as one system message after
 * the ones already leading the request (the model's configured prompt, the conversation's own),
 * so those keep their place. Nothing is added while memory is off for this person.
 */
export function memoryShaper(memories: Pick<MemoriesService, 'forPrompt'>): AskPromptShaper {
  return {
    name: 'memories',
    async shape({ input }, request) {
      const rows = await memories.forPrompt(input.userId);
      if (rows.length === 0) return request;
      const lead = request.messages.findIndex((m) => m.role !== 'system');
      const at = lead < 0 ? request.messages.length : lead;
      const message: ProviderMessage = { role: 'system', content: PREAMBLE + memoryLines(rows) };
      return {
        ...request,
        messages: [...request.messages.slice(0, at), message, ...request.messages.slice(at)],
      };
    },
  };
}
