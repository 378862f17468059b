import { ACTION_LIMITS, type ActionAuth } from '@chat/contract';
import { safeFetch } from '../../platform/net/safe-fetch.js';
import { explicitHosts, isActionDomainAllowed, originWithPort } from './domains.js';
import type { ActionOperation } from './openapi.js';

/** The stored auth of an action, its key unsealed (the agent owner's, whoever chats). */
export interface CallAuth {
  auth: ActionAuth;
  apiKey: string | null;
}

/** Headers a spec's parameter may not set: the transport's own, and the auth's. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'cookie',
  'authorization',
  'proxy-authorization',
]);

/** LibreChat's auth headers: Basic (of the key as given), Bearer, or a header the owner named. */
function authHeaders({ auth, apiKey }: CallAuth): Record<string, string> {
  if (auth.type !== 'service_http' || !apiKey) return {};
  switch (auth.authorization_type) {
    case 'basic':
      return { authorization: `Basic ${Buffer.from(apiKey, 'utf8').toString('base64')}` };
    case 'custom':
      return auth.custom_auth_header ? { [auth.custom_auth_header.toLowerCase()]: apiKey } : {};
    default:
      return { authorization: `Bearer ${apiKey}` };
  }
}

const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The request an operation's call makes: its URL (under the server's), headers and body. */
function buildRequest(
  serverUrl: URL,
  op: ActionOperation,
  args: Record<string, unknown>,
): { url: URL; headers: Record<string, string>; body: string | null } {
  const base = serverUrl.pathname.replace(/\/+$/, '');
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = args[name];
    if (value === undefined || value === null) throw new Error(`"${name}" is required`);
    const segment = encodeURIComponent(text(value));
    // URLs read "." and ".." (even percent-encoded) as steps up the path, never as data.
    if (/^(\.|%2e){1,2}$/i.test(segment)) throw new Error(`"${name}" may not be "." or ".."`);
    return segment;
  });
  const url = new URL(serverUrl.origin);
  url.pathname = `${base}${path}`;
  const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.5' };
  const body: Record<string, unknown> = {};
  let whole: unknown;
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const where = op.locations[name];
    if (where === 'query') {
      if (Array.isArray(value)) for (const v of value) url.searchParams.append(name, text(v));
      else url.searchParams.set(name, text(value));
    } else if (where === 'header') {
      if (!RESERVED_HEADERS.has(name.toLowerCase()))
        headers[name.toLowerCase()] = text(value).replace(/[\r\n]/g, ' ');
    } else if (where === 'body') {
      if (op.wholeBody) whole = value;
      else body[name] = value;
    }
  }
  const hasBody = op.wholeBody ? whole !== undefined : Object.keys(body).length > 0;
  if (hasBody) headers['content-type'] = 'application/json';
  if (url.origin !== serverUrl.origin) throw new Error('The call left the API it describes');
  return { url, headers, body: hasBody ? JSON.stringify(op.wholeBody ? whole : body) : null };
}

/**
 * Calls one operation: the domain checked against the operator's list as it is now (an action
 * saved under an older list is refused once its domain is no longer on it), then safeFetch (no
 * private or loopback address unless the list names that host itself, the connection pinned to the
 * checked address, a deadline and a size cap). Redirects are not followed: the list could not be
 * checked for where they lead. The answer (or the API's refusal, as an error) is what the model reads.
 */
export async function callOperation(
  serverUrl: URL,
  op: ActionOperation,
  args: Record<string, unknown>,
  auth: CallAuth,
  allowedDomains: readonly string[] | undefined,
  signal: AbortSignal,
): Promise<string> {
  if (!(await isActionDomainAllowed(originWithPort(serverUrl), allowedDomains))) {
    throw new Error(`Domain not allowed: ${serverUrl.hostname} is not in actions.allowedDomains`);
  }
  const req = buildRequest(serverUrl, op, args);
  const res = await safeFetch(
    req.url,
    { method: op.method, headers: { ...req.headers, ...authHeaders(auth) }, body: req.body, signal },
    {
      allow: explicitHosts(allowedDomains),
      maxRedirects: 0,
      timeoutMs: ACTION_LIMITS.callTimeoutMs,
      maxResponseBytes: ACTION_LIMITS.callMaxResponseBytes,
    },
  );
  const answer = await res.text();
  if (!res.ok) throw new Error(`The API answered ${res.status}${answer ? `: ${answer}` : ''}`);
  return answer || `${res.status} ${res.statusText}`.trim();
}
