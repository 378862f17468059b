import { z } from 'zod';
import { bool, list } from '../../config/env-fields.js';

/** The environment variables this feature reads (LibreChat's names where one exists). */
export const authEnv = {
  // Sign-in checked by an LDAP directory (LibreChat's names): on with LDAP_URL and LDAP_USER_SEARCH_BASE.
  /** The directory, ldap:// or ldaps://. */
  LDAP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^ldaps?:\/\/\S+$/i, 'must be an ldap:// or ldaps:// URL')
        .optional(),
    ),
  /** The entry the server searches as (anonymous when unset), and its password. */
  LDAP_BIND_DN: z.string().trim().optional(),
  LDAP_BIND_CREDENTIALS: z.string().optional(),
  /** Where people's entries are searched. */
  LDAP_USER_SEARCH_BASE: z.string().trim().optional(),
  /** The filter finding the person; `{{username}}` is what the login form's first field holds. */
  LDAP_SEARCH_FILTER: z.string().trim().optional(),
  /** The login form asks for a username instead of an e-mail address (for a filter like uid={{username}}). */
  LDAP_LOGIN_USES_USERNAME: bool(false),
  /** A CA certificate (PEM file) for ldaps:// or a directory with its own authority. */
  LDAP_CA_CERT_PATH: z.string().trim().optional(),
  /** Refuse a directory certificate that does not verify (false accepts any: a test directory only). */
  LDAP_TLS_REJECT_UNAUTHORIZED: bool(true),
  /** The attributes an account's id, username and e-mail address are read from. */
  LDAP_ID: z.string().trim().optional(),
  LDAP_USERNAME: z.string().trim().optional(),
  LDAP_EMAIL: z.string().trim().optional(),
  /** The attributes the display name is made of (comma list, joined with spaces). */
  LDAP_FULL_NAME: list(),
};
