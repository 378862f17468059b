import { PLUGIN_KEYS } from '@chat/contract';
import { stringArg, type PluginDefinition } from './types.js';

const TAVILY_AUTH_FIELD = 'TAVILY_API_KEY';
const RESULTS = 5;
const TIMEOUT_MS = 15_000;

interface TavilyResult {
  title?: unknown;
  url?: unknown;
  content?: unknown;
}

/**
 * Web search through Tavily's Search API (`POST {base}/search`, a bearer key): the user's key
 * from the plugin's auth form, or the server's TAVILY_API_KEY. The base URL is the operator's
 * (TAVILY_API_URL), never a user's.
 */
export function tavilyPlugin(opts: { baseURL: string; serverKey?: string | undefined }): PluginDefinition {
  return {
    key: PLUGIN_KEYS.tavily,
    name: 'Tavily Search',
    description: 'Searches the web for current information and answers with the best results.',
    icon: '/assets/plugins/tavily.svg',
    authConfig: [
      {
        authField: TAVILY_AUTH_FIELD,
        label: 'Tavily API Key',
        description: 'Get your API key at tavily.com.',
      },
    ],
    serverAuth: opts.serverKey ? { [TAVILY_AUTH_FIELD]: opts.serverKey } : undefined,
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to search for' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, { auth, signal }) {
      const query = stringArg(args, 'query', 400);
      const key = auth[TAVILY_AUTH_FIELD];
      if (!key) throw new Error('The search plugin has no API key');
      const res = await fetch(`${opts.baseURL}/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ query, max_results: RESULTS, search_depth: 'basic', include_answer: false }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      if (res.status === 401 || res.status === 403) throw new Error('The search API refused the API key');
      if (!res.ok) throw new Error(`The search API answered HTTP ${res.status}`);
      const body = (await res.json()) as { results?: unknown };
      const results = Array.isArray(body.results) ? (body.results as TavilyResult[]) : [];
      if (results.length === 0) return { output: `No results for "${query}".` };
      const text = results
        .map(
          (r, i) => `${i + 1}. ${String(r.title ?? '')}\n${String(r.url ?? '')}\n${String(r.content ?? '')}`,
        )
        .join('\n\n');
      return { output: text };
    },
  };
}
