import { OPENAI_KNOWN_MODELS } from '@chat/contract';
import { isStorable } from '../../platform/storable.js';

/**
 * Asks an OpenAI-compatible upstream for its models (GET {baseURL}/models). On any failure the
 * known list is offered, so a slow or odd upstream never blocks start-up.
 */
export async function listOpenAIModels(baseURL: string, apiKey: string, timeoutMs = 3000): Promise<string[]> {
  try {
    const res = await fetch(`${baseURL.replace(/\/$/, '')}/models`, {
      headers: { Authorization: `Bearer ${apiKey}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return [...OPENAI_KNOWN_MODELS];
    const body = (await res.json()) as { data?: { id?: unknown }[] };
    // A name the database cannot store could never be chosen (requests carrying it are refused).
    const ids = (body.data ?? [])
      .map((m) => m.id)
      .filter((id): id is string => typeof id === 'string' && id.trim() !== '' && isStorable(id));
    return ids.length > 0 ? ids.sort() : [...OPENAI_KNOWN_MODELS];
  } catch {
    return [...OPENAI_KNOWN_MODELS];
  }
}
