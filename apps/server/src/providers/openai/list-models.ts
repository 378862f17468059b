import { isStorable } from '../../platform/storable.js';

/**
 * An OpenAI-compatible upstream's models (GET {baseURL}/models), sorted; rejects on any failure
 * or an empty list, so the caller decides the fallback.
 */
export async function fetchOpenAIModels(
  baseURL: string,
  apiKey: string,
  opts: {
    headers?: Record<string, string> | undefined;
    signal?: AbortSignal | undefined;
    /** The credentials' fetch (PROXY's) when they have one. */
    fetch?: typeof globalThis.fetch | undefined;
  } = {},
): Promise<string[]> {
  const res = await (opts.fetch ?? globalThis.fetch)(`${baseURL.replace(/\/$/, '')}/models`, {
    headers: { ...opts.headers, Authorization: `Bearer ${apiKey}` },
    signal: opts.signal ?? AbortSignal.timeout(3000),
  });
  if (!res.ok) throw new Error(`GET /models answered ${res.status}`);
  const body = (await res.json()) as { data?: { id?: unknown }[] };
  // A name the database cannot store could never be chosen (requests carrying it are refused).
  const ids = (body.data ?? [])
    .map((m) => m.id)
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '' && isStorable(id));
  if (ids.length === 0) throw new Error('GET /models listed no model');
  return ids.sort();
}
