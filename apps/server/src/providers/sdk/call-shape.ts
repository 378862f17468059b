import type { EndpointDefinition } from '../../config/app-config.js';
import { fillHeaders, fillJson, placeholderNeeds } from '../placeholders.js';
import type { ProviderRequest } from '../types.js';

/**
 * What an endpoint's configuration changes in one request the SDK builds: headers whose values
 * hold request placeholders, and the JSON body (`addParams` merged in, `dropParams` removed). The
 * SDK takes per-call headers itself; the body is edited on its way out by `shapingFetch`, which
 * finds the edit of a call by the call's abort signal (each call has its own).
 */
interface CallShape {
  headers?: Record<string, string> | undefined;
  edit?: ((body: Record<string, unknown>) => Record<string, unknown>) | undefined;
}

/** A request's shape, from its endpoint's settings and the request's placeholder values. */
export type Shaper = (req: ProviderRequest) => CallShape | undefined;

const isTemplate = (value: string) => value.includes('{{LIBRECHAT_');

/**
 * The endpoint's headers that are the same for every request, which the SDK client is built
 * with (and the model list asked with); those holding placeholders are sent per request.
 */
export function staticHeaders(endpoint: EndpointDefinition): Record<string, string> | undefined {
  if (!endpoint.headers) return undefined;
  return Object.fromEntries(Object.entries(endpoint.headers).filter(([, v]) => !isTemplate(v)));
}

/**
 * The shaper of an endpoint, or none when its configuration changes nothing per request. A
 * base URL the user chose is not sent the headers that carry placeholders (the user's details
 * and ids go only where the operator sends them), as LibreChat does.
 */
export function shaperOf(endpoint: EndpointDefinition): Shaper | undefined {
  const { headers, addParams, dropParams } = endpoint;
  const needs = placeholderNeeds(endpoint);
  const templated =
    headers && !endpoint.userProvideURL
      ? Object.fromEntries(Object.entries(headers).filter(([, v]) => isTemplate(v)))
      : {};
  const hasTemplatedHeaders = Object.keys(templated).length > 0;
  const add = addParams && Object.keys(addParams).length > 0 ? addParams : undefined;
  const drop = dropParams && dropParams.length > 0 ? dropParams : undefined;
  if (!hasTemplatedHeaders && !add && !drop) return undefined;
  return (req) => {
    const ctx = needs.any ? req.context : undefined;
    const added = add ? (fillJson(add, ctx) as Record<string, unknown>) : undefined;
    return {
      ...(hasTemplatedHeaders ? { headers: fillHeaders(templated, ctx) } : {}),
      ...(added || drop
        ? {
            edit: (body: Record<string, unknown>) => {
              const out: Record<string, unknown> = { ...body, ...added };
              for (const key of drop ?? []) delete out[key];
              return out;
            },
          }
        : {}),
    };
  };
}

const edits = new WeakMap<AbortSignal, (body: Record<string, unknown>) => Record<string, unknown>>();

/** Makes `edit` apply to the JSON body of the requests made with `signal` (one SDK call's). */
export function editCall(
  signal: AbortSignal,
  edit: ((body: Record<string, unknown>) => Record<string, unknown>) | undefined,
): void {
  if (edit) edits.set(signal, edit);
}

/**
 * The fetch an adapter's SDK client uses when its endpoint shapes requests: the body of a call
 * with an edit is rewritten, and with `directURL` (LibreChat's `directEndpoint`) every POST goes
 * to that URL as it is, whatever path the SDK appended to its base URL.
 */
export function shapingFetch(
  next: typeof fetch,
  opts: { directURL?: string | undefined } = {},
): typeof fetch {
  return (input, init) => {
    const edit = init?.signal ? edits.get(init.signal) : undefined;
    let body = init?.body;
    if (edit && typeof body === 'string') {
      try {
        const parsed = JSON.parse(body) as unknown;
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
          body = JSON.stringify(edit(parsed as Record<string, unknown>));
      } catch {
        // not JSON: sent as the SDK made it
      }
    }
    const post = (init?.method ?? 'GET').toUpperCase() === 'POST';
    const target = opts.directURL && post ? opts.directURL : input;
    return next(target, body === init?.body ? init : { ...init, body });
  };
}
