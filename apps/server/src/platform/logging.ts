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

type Redact = string[] | { paths: string[]; [k: string]: unknown } | undefined;

/**
 * Pino options with the secret paths added to whatever `redact` the caller gave, and the app's
 * error serializer (log-errors.ts) in place of any other `err` serializer, so that no logger the
 * app builds (nor its request and child loggers) writes an error's values. `secrets` are
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
  };
  return { ...logger, redact, serializers };
}
