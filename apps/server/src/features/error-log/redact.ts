import { configSecrets, type AppConfig } from '../../config/app-config.js';
import { scrub } from '../../platform/log-errors.js';

/**
 * What the error log cuts out of a text before it is written, beyond the logger's own patterns
 * (platform/log-errors.ts: Bearer and Basic credentials, JWTs, sk-/pk-/rk- keys, Google keys,
 * URLs' query strings, the key an upstream's 401 quotes): header values that are credentials, credential-named query parameters and
 * fields, Stripe's keys and webhook secrets.
 */
const MORE_PATTERNS: [RegExp, string][] = [
  // "Cookie: a=b; c=d", "set-cookie=…": the whole value, to the end of the line.
  [/\b((?:set-)?cookie)(["']?\s*[:=]\s*)[^\n]+/gi, '$1$2[Redacted]'],
  // Authorization / Proxy-Authorization / x-api-key / api-key headers, as text or JSON.
  [
    /\b((?:proxy-)?authorization|x-api-key|api-key|x-goog-api-key)(["']?\s*[:=]\s*["']?)(?:(?:Bearer|Basic|Token)\s+)?[^\s"',;}]+/gi,
    '$1$2[Redacted]',
  ],
  // Credential-named fields and query parameters: ?key=…, &api_key=…, "apiKey": "…", token=…
  [
    /\b(key|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|token|secret|client[_-]?secret|password|sig|signature)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    '$1$2[Redacted]',
  ],
  // Stripe: secret, restricted and publishable keys; webhook signing secrets.
  [/\b(?:sk|rk|pk)_(?:live|test)_\w+/g, '[Redacted]'],
  [/\bwhsec_\w+/g, '[Redacted]'],
];

/** A text without configured secrets (literally) and without secret-looking values. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = scrub(text, secrets);
  for (const [re, by] of MORE_PATTERNS) out = out.replace(re, by);
  return out;
}

/**
 * The configured secrets the log must never hold: the endpoints' keys and headers, Stripe's,
 * mail, storage and sign-in secrets (configSecrets, as the logger cuts them), and the token
 * signing and sealing keys.
 */
export function secretsOf(
  config: Pick<
    AppConfig,
    | 'endpoints'
    | 'plugins'
    | 'files'
    | 'mail'
    | 'oauth'
    | 'billing'
    | 'jwtSecret'
    | 'jwtRefreshSecret'
    | 'credsKey'
  >,
): string[] {
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
  return [
    ...configSecrets(config),
    text(config.jwtSecret),
    text(config.jwtRefreshSecret),
    Buffer.from(config.credsKey).toString('hex'),
  ].filter((s) => s.length >= 8);
}
