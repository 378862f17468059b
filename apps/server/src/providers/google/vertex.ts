import type { GoogleServiceAccount } from '../../config/app-config.js';
import { vertexAccessToken } from './vertex-token.js';

/** LibreChat's GOOGLE_LOC default. */
const DEFAULT_VERTEX_LOCATION = 'us-central1';

/**
 * The base URL `@ai-sdk/google` calls for Vertex AI: the project's Google publisher models,
 * `https://{location}-aiplatform.googleapis.com/v1/projects/{project}/locations/{location}/publishers/google`.
 * An endpoint's own base URL (GOOGLE_REVERSE_PROXY) replaces the origin only: a proxy forwards
 * to aiplatform.googleapis.com, and the project and location still come from the key and GOOGLE_LOC.
 */
export function vertexBaseURL(
  account: GoogleServiceAccount,
  location = DEFAULT_VERTEX_LOCATION,
  proxy?: string,
): string {
  const origin = proxy?.replace(/\/+$/, '') ?? `https://${location}-aiplatform.googleapis.com`;
  const project = encodeURIComponent(account.project_id);
  return `${origin}/v1/projects/${project}/locations/${encodeURIComponent(location)}/publishers/google`;
}

/**
 * The fetch the SDK uses for Vertex AI: every request gets the account's access token (cached
 * until shortly before it expires, so it may change between requests) as `Authorization: Bearer`,
 * and loses the empty `x-goog-api-key` the SDK sends. `inner` (the SSRF-guarded fetch of a
 * user's own URL) makes the request, and the token exchange, when given.
 */
export function vertexFetch(
  account: GoogleServiceAccount,
  inner: typeof globalThis.fetch | undefined,
): typeof globalThis.fetch {
  const send = inner ?? globalThis.fetch;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const token = await vertexAccessToken(account, send);
    const headers = new Headers(init?.headers);
    headers.delete('x-goog-api-key');
    headers.set('authorization', `Bearer ${token}`);
    return send(input, { ...init, headers: Object.fromEntries(headers.entries()) });
  }) as typeof globalThis.fetch;
}
