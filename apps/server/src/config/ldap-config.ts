import { LDAP_DEFAULTS } from '@chat/contract';
import type { Env } from './env.js';

/** Sign-in checked by an LDAP directory (LibreChat's LDAP_* settings). */
export interface LdapConfig {
  url: string;
  bindDN: string | undefined;
  bindCredentials: string | undefined;
  searchBase: string;
  /** `{{username}}` is replaced by the login form's name, escaped. */
  searchFilter: string;
  caCertPath: string | undefined;
  tlsRejectUnauthorized: boolean;
  idAttribute: string | undefined;
  usernameAttribute: string | undefined;
  emailAttribute: string | undefined;
  /** LDAP_FULL_NAME: attributes joined with spaces; empty for LibreChat's cn, name, … */
  fullNameAttributes: string[];
  timeoutMs: number;
  /** LDAP_LOGIN_USES_USERNAME: the login form's first field is a username, not an e-mail address. */
  usesUsername?: boolean | undefined;
}

/** LDAP is on when LDAP_URL and LDAP_USER_SEARCH_BASE are both set, as in LibreChat. */
export function ldapConfigFrom(env: Env): LdapConfig | undefined {
  if (!env.LDAP_URL || !env.LDAP_USER_SEARCH_BASE) return undefined;
  return {
    url: env.LDAP_URL,
    bindDN: env.LDAP_BIND_DN || undefined,
    bindCredentials: env.LDAP_BIND_CREDENTIALS || undefined,
    searchBase: env.LDAP_USER_SEARCH_BASE,
    searchFilter: env.LDAP_SEARCH_FILTER || LDAP_DEFAULTS.searchFilter,
    caCertPath: env.LDAP_CA_CERT_PATH || undefined,
    tlsRejectUnauthorized: env.LDAP_TLS_REJECT_UNAUTHORIZED,
    idAttribute: env.LDAP_ID || undefined,
    usernameAttribute: env.LDAP_USERNAME || undefined,
    emailAttribute: env.LDAP_EMAIL || undefined,
    fullNameAttributes: env.LDAP_FULL_NAME ?? [],
    timeoutMs: LDAP_DEFAULTS.timeoutMs,
    usesUsername: env.LDAP_LOGIN_USES_USERNAME,
  };
}
