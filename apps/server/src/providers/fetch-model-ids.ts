import { isStorable } from '../platform/storable.js';

/**
 * An upstream's model names from its list route, sorted; rejects on any failure or an empty list
 * (the caller decides the fallback). `pick` reads the names out of the protocol's answer;
 * `fetchFn` is the credentials' (PROXY's) when they have one.
 */
export async function fetchModelIds(
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
  pick: (body: unknown) => unknown[],
  fetchFn: typeof globalThis.fetch = globalThis.fetch,
): Promise<string[]> {
  const res = await fetchFn(url, init);
  if (!res.ok) throw new Error(`GET ${new URL(url).pathname} answered ${res.status}`);
  // A name the database cannot store could never be chosen (requests carrying it are refused).
  const ids = pick(await res.json()).filter(
    (id): id is string => typeof id === 'string' && id.trim() !== '' && isStorable(id),
  );
  if (ids.length === 0) throw new Error('The upstream listed no model');
  return ids.sort();
}
