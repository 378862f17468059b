/**
 * The fake Tavily Search API (the web search plugin's upstream): POST /search with a JSON body
 * `{ query, max_results?, search_depth?, include_answer? }`, keyed by `Authorization: Bearer
 * tvly-…` (or the older `api_key` body field), answering `{ query, answer?, results: [{ title,
 * url, content, score }], response_time }` as the real API does. Results are derived from the
 * query, so a test can assert them. Errors in Tavily's envelope `{ detail: { error } }`.
 */
import { header, startFakeServer, type FakeProtocol, type FakeRequest } from '../core.js';
import type { FakeServer, FakeServerOptions } from '../types.js';
import { sendJson } from '../wire.js';

const DEFAULT_RESULTS = 5;
const MAX_RESULTS = 20;

function sendTavilyError(res: FakeRequest['res'], status: number, message?: string): void {
  const text =
    message ??
    (status === 401 ? 'Unauthorized: missing or invalid API key.' : status === 404 ? 'Not Found' : 'Error');
  sendJson(res, status, { detail: { error: text } });
}

/** The deterministic results of a query. */
export function tavilyResults(query: string, count: number) {
  const slug =
    query
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'query';
  return Array.from({ length: count }, (_, i) => ({
    title: `Result ${i + 1} for ${query}`,
    url: `https://example.com/${slug}/${i + 1}`,
    content: `This page is about ${query} (result ${i + 1}).`,
    score: Math.round((0.99 - i * 0.05) * 100) / 100,
    raw_content: null,
  }));
}

const tavily: FakeProtocol = {
  basePath: '',
  authorized(r, apiKey) {
    const body = (r.body ?? {}) as { api_key?: unknown };
    return header(r, 'authorization') === `Bearer ${apiKey}` || body.api_key === apiKey;
  },
  sendError: (res, status, message) => sendTavilyError(res, status, message),
  route(r) {
    if (r.method !== 'POST' || r.path !== '/search') return false;
    const b = (r.body ?? {}) as Record<string, unknown>;
    if (typeof b.query !== 'string' || b.query.trim() === '') {
      sendTavilyError(r.res, 400, 'Query is missing.');
      return true;
    }
    const wanted = typeof b.max_results === 'number' ? Math.trunc(b.max_results) : DEFAULT_RESULTS;
    const count = Math.min(MAX_RESULTS, Math.max(1, wanted));
    sendJson(r.res, 200, {
      query: b.query,
      ...(b.include_answer === true ? { answer: `A short answer about ${b.query}.` } : {}),
      images: [],
      results: tavilyResults(b.query, count),
      response_time: 0.01,
    });
    return true;
  },
};

/** Starts the fake Tavily API; `url` is its base URL (requests go to `${url}/search`). */
export function startFakeTavily(opts: FakeServerOptions = {}): Promise<FakeServer> {
  return startFakeServer(opts, tavily);
}
