import { FILE_SEARCH_LIMITS } from '@chat/contract';

/** Where embeddings come from: an OpenAI-compatible `/embeddings` endpoint. */
export interface EmbeddingsConfig {
  baseURL: string;
  apiKey: string;
  model: string;
}

export interface Embedder {
  /** One unit-length vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

/** The vector scaled to length 1 (a zero vector stays as it is). */
export function normalize(v: readonly number[]): number[] {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm === 0 ? [...v] : v.map((x) => x / norm);
}

/**
 * Embeddings over OpenAI's wire protocol (POST {baseURL}/embeddings, bearer key), in batches of
 * FILE_SEARCH_LIMITS.embedBatch, each within embedTimeoutMs. A refusal names the status and the
 * upstream's message, never the key.
 */
export function createEmbedder(config: EmbeddingsConfig): Embedder {
  const url = `${config.baseURL.replace(/\/+$/, '')}/embeddings`;
  async function batch(input: readonly string[], signal?: AbortSignal): Promise<number[][]> {
    const timeout = AbortSignal.timeout(FILE_SEARCH_LIMITS.embedTimeoutMs);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({ model: config.model, input }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const body = (await res.json().catch(() => null)) as {
      data?: { index?: number; embedding?: unknown }[];
      error?: { message?: string };
    } | null;
    if (!res.ok) {
      const why = typeof body?.error?.message === 'string' ? `: ${body.error.message.slice(0, 200)}` : '';
      throw new Error(`The embeddings endpoint answered ${res.status}${why}`);
    }
    const data = body?.data;
    if (!Array.isArray(data) || data.length !== input.length) {
      throw new Error('The embeddings endpoint answered no vector for some texts');
    }
    const out = new Array<number[]>(input.length);
    data.forEach((d, i) => {
      const v = d.embedding;
      if (!Array.isArray(v) || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw new Error('The embeddings endpoint answered a malformed vector');
      }
      out[typeof d.index === 'number' ? d.index : i] = normalize(v as number[]);
    });
    return out;
  }
  return {
    async embed(texts, signal) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += FILE_SEARCH_LIMITS.embedBatch) {
        out.push(...(await batch(texts.slice(i, i + FILE_SEARCH_LIMITS.embedBatch), signal)));
      }
      return out;
    },
  };
}
