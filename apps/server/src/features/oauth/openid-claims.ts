import type { OpenIdClientConfig } from '../../config/oauth-config.js';

/** The claims a sign-in brought: the id_token's, the access token's (when a JWT) and userinfo's. */
export interface OpenIdClaimSources {
  id: Record<string, unknown>;
  /** Undefined when the access token is opaque (not a JWT). */
  access: Record<string, unknown> | undefined;
  /** Undefined when the provider's userinfo answered nothing usable. */
  userinfo: Record<string, unknown> | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The value at a path into claims, read as LibreChat reads OPENID_*_PARAMETER_PATH: a key the
 * object has whole (a claim named with dots, as some providers' URL-like claim names are) wins,
 * else dots and `[n]` step into nested objects and arrays. Only own properties are followed, so a
 * path such as `__proto__` or `constructor` finds nothing.
 */
export function claimAt(claims: Record<string, unknown> | undefined, path: string): unknown {
  if (!claims || path === '') return undefined;
  if (Object.hasOwn(claims, path)) return claims[path];
  const steps = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
  let at: unknown = claims;
  for (const step of steps) {
    if (Array.isArray(at) && /^\d+$/.test(step)) at = at[Number(step)];
    else if (isRecord(at) && Object.hasOwn(at, step)) at = at[step];
    else return undefined;
  }
  return at;
}

/**
 * The payload of a JWT access token, unverified: it came straight from the provider's token
 * endpoint over the back channel, in answer to this client's own authenticated request, so
 * nobody else could have written it. An opaque token (not three dot-separated parts, or not
 * JSON) has no claims.
 */
export function jwtPayload(token: string | undefined): Record<string, unknown> | undefined {
  const parts = token?.split('.');
  if (!parts || parts.length !== 3) return undefined;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return isRecord(payload) ? payload : undefined;
  } catch {
    return undefined;
  }
}

const quoted = (roles: readonly string[]) =>
  roles.length === 1 ? `"${roles[0]}"` : `one of: ${roles.map((r) => `"${r}"`).join(', ')}`;

/**
 * OPENID_REQUIRED_ROLE: the sign-in goes on only when the token named by its kind holds, at its
 * path, one of the roles (a list of strings, or a single string compared whole). The text of a
 * refusal (undefined when the person may sign in) names the roles wanted, as LibreChat's does.
 */
export function missingRoleText(
  rule: NonNullable<OpenIdClientConfig['requiredRole']>,
  sources: OpenIdClaimSources,
): string | undefined {
  const held = claimAt(rule.tokenKind === 'access' ? sources.access : sources.id, rule.path);
  const values = typeof held === 'string' ? [held] : Array.isArray(held) ? held : undefined;
  if (values && rule.roles.some((role) => values.includes(role))) return undefined;
  return `You must have ${quoted(rule.roles)} role to log in.`;
}

/**
 * OPENID_ADMIN_ROLE: whether the token (or userinfo) named by its kind makes the person an
 * administrator: the value at its path is `true`, the role itself, or a list holding it.
 */
export function holdsAdminRole(
  rule: NonNullable<OpenIdClientConfig['adminRole']>,
  sources: OpenIdClaimSources,
): boolean {
  const held = claimAt(sources[rule.tokenKind], rule.path);
  return held === true || held === rule.role || (Array.isArray(held) && held.includes(rule.role));
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** A claim read as a username: a string, or a list of strings joined with `_` (LibreChat's). */
function asUsername(v: unknown): string | undefined {
  if (Array.isArray(v)) return text(v.filter((e) => typeof e === 'string').join('_'));
  return text(v);
}

/**
 * The username: OPENID_USERNAME_CLAIM's claim when set; else, as LibreChat, `preferred_username`,
 * then `username`, then the e-mail address.
 */
export function usernameOf(claims: Record<string, unknown>, claim: string | undefined): string | undefined {
  if (claim) return asUsername(claims[claim]);
  return asUsername(claims.preferred_username ?? claims.username ?? claims.email);
}

/**
 * The display name: OPENID_NAME_CLAIM's claim when set; else `name`, then the given and family
 * names (together, or whichever there is), then the username or the e-mail address.
 */
export function displayNameOf(
  claims: Record<string, unknown>,
  claim: string | undefined,
): string | undefined {
  if (claim) return text(claims[claim]);
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  return (
    text(claims.name) ??
    (given && family ? `${given} ${family}` : (given ?? family)) ??
    text(claims.preferred_username) ??
    text(claims.username) ??
    text(claims.email)
  );
}
