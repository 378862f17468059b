import { createErrorSerializer } from './log-errors.js';

/**
 * Log paths whose values are secrets. pino replaces them with "[Redacted]" wherever the app's
 * logger is built (main.ts, and buildApp for any logger options it is given).
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.password',
  '*.confirm_password',
  '*.token',
  '*.refreshToken',
  '*.apiKey',
  'password',
  'token',
  'refreshToken',
  'apiKey',
];

/** What a request log line says: never the query string (a search is the user's own words). */
function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return {
    method: req.method,
    url: q < 0 ? url : `${url.slice(0, q)}?[Redacted]`,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

type Redact = string[] | { paths: string[]; [k: string]: unknown } | undefined;

/**
 * Pino options with the secret paths added to whatever `redact` the caller gave, and the app's
 * error serializer (log-errors.ts) and request serializer (no query string) in place of any
 * others, so that no logger the app builds (nor its request and child loggers) writes an error's
 * values or what a URL carries. `secrets` are
 * configured secrets (API keys) to cut out of error messages literally.
 */
export function withRedaction<T>(logger: T, secrets?: () => readonly string[]): T {
  if (!logger || typeof logger !== 'object') return logger;
  const given = (logger as { redact?: Redact }).redact;
  const merge = (paths: string[] = []) => [...new Set([...LOG_REDACT_PATHS, ...paths])];
  const redact = Array.isArray(given) || !given ? merge(given) : { ...given, paths: merge(given.paths) };
  const serializers = {
    ...(logger as { serializers?: Record<string, unknown> }).serializers,
    err: createErrorSerializer(secrets),
    req: serializeRequest,
  };
  return { ...logger, redact, serializers };
}
