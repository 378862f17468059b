import type { EndpointDefinition } from '../config/app-config.js';
import type { ChatProvider, ProviderRequest, RequestContext } from './types.js';

/**
 * LibreChat's request placeholders, which a custom endpoint's `headers` values and `addParams`
 * strings may hold: `{{LIBRECHAT_USER_<FIELD>}}` (the signed-in user) and
 * `{{LIBRECHAT_BODY_<FIELD>}}` (the chat request). They are filled for each request; a placeholder
 * this server has no value for stays as it was written, as LibreChat leaves it.
 */

const PLACEHOLDER = /\{\{LIBRECHAT_(USER|BODY)_([A-Z]+)\}\}/g;
const ANY_PLACEHOLDER = '{{LIBRECHAT_';
/** A user field beyond the id needs the user's row read. */
const USER_ROW_PLACEHOLDER = /\{\{LIBRECHAT_USER_(?!ID\}\})[A-Z]+\}\}/;

/**
 * `template` with the placeholders `ctx` has values for replaced; `escape` makes each value safe
 * where it goes (a header's value).
 */
export function fillPlaceholders(
  template: string,
  ctx: RequestContext | undefined,
  escape: (value: string) => string = (v) => v,
): string {
  if (!ctx || !template.includes(ANY_PLACEHOLDER)) return template;
  return template.replace(PLACEHOLDER, (whole, kind: string, field: string) => {
    const source: Partial<Record<string, string>> | undefined = kind === 'USER' ? ctx.user : ctx.body;
    const value = source && Object.hasOwn(source, field) ? source[field] : undefined;
    return value === undefined ? whole : escape(value);
  });
}

/**
 * A value made fit for an HTTP header whatever the user wrote in their name: anything outside
 * printable ASCII (line breaks and other control characters included, which could otherwise start
 * a header of their own, and letters a header cannot carry as text) is percent-encoded.
 */
export function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return ''; // a lone surrogate: not a character at all
    }
  });
}

/** The request's headers: the endpoint's, their placeholders filled. */
export function fillHeaders(
  headers: Readonly<Record<string, string>>,
  ctx: RequestContext | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = fillPlaceholders(value, ctx, headerSafe);
  return out;
}

/** A JSON value with the placeholders of its strings filled (objects and arrays copied). */
export function fillJson(value: unknown, ctx: RequestContext | undefined): unknown {
  if (typeof value === 'string') return fillPlaceholders(value, ctx);
  if (Array.isArray(value)) return value.map((v) => fillJson(v, ctx));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fillJson(v, ctx);
    return out;
  }
  return value;
}

/** The templates of an endpoint: its header values and every string of its `addParams`. */
function templatesOf(endpoint: EndpointDefinition): string {
  return JSON.stringify([endpoint.headers ?? {}, endpoint.addParams ?? {}]);
}

/** Whether the endpoint's requests carry placeholders at all, and which need the user's row. */
export function placeholderNeeds(endpoint: EndpointDefinition): { any: boolean; userRow: boolean } {
  const text = templatesOf(endpoint);
  return { any: text.includes(ANY_PLACEHOLDER), userRow: USER_ROW_PLACEHOLDER.test(text) };
}

/** Two contexts as one: `inner`'s fields win (the later, more specific one). */
function merged(outer: RequestContext, inner: RequestContext | undefined): RequestContext {
  if (!inner) return outer;
  return { user: { ...outer.user, ...inner.user }, body: { ...outer.body, ...inner.body } };
}

/** `provider` whose every request carries `ctx` (merged under what the request already carries). */
export function withRequestContext(provider: ChatProvider, ctx: RequestContext): ChatProvider {
  const scoped = (req: ProviderRequest): ProviderRequest => ({ ...req, context: merged(ctx, req.context) });
  const { streamTo } = provider;
  return {
    stream: (req, signal) => provider.stream(scoped(req), signal),
    ...(streamTo
      ? { streamTo: (req, signal, emit) => streamTo.call(provider, scoped(req), signal, emit) }
      : {}),
    complete: (req, signal) => provider.complete(scoped(req), signal),
  };
}
