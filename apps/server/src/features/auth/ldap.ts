import { readFileSync } from 'node:fs';
import type * as ldaptsTypes from 'ldapts';
import type { LdapConfig } from '../../config/ldap-config.js';
import { lazyModule } from '../../platform/lazy.js';

/** `ldapts`, loaded on the first LDAP sign-in (never when LDAP is not configured). */
const ldapts = lazyModule('ldapts', () => import('ldapts'));

/** The directory's entry of the person who signed in, as the account is made from it. */
export interface LdapPerson {
  /** LDAP_ID's attribute, else uid, sAMAccountName or mail: the entry's stable id. */
  id: string;
  email: string;
  username: string | undefined;
  name: string | undefined;
}

/** The attributes always asked for (LibreChat's), besides the ones the settings name. */
const BASE_ATTRIBUTES = [
  'displayName',
  'mail',
  'uid',
  'cn',
  'name',
  'commonname',
  'givenName',
  'sn',
  'sAMAccountName',
];

/** A value put into a search filter, escaped (RFC 4515) so it can only ever be matched, never parsed. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

type Entry = Record<string, unknown>;

/** An attribute's first text value (a directory may give one value or several). */
function first(entry: Entry, attribute: string | undefined): string | undefined {
  if (!attribute) return undefined;
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const raw = key === undefined ? undefined : entry[key];
  const value = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : value;
  return typeof text === 'string' && text.length > 0 ? text : undefined;
}

/** The account's fields from the entry, read as LibreChat reads them. */
function personOf(config: LdapConfig, entry: Entry): LdapPerson | undefined {
  const id =
    first(entry, config.idAttribute) ??
    first(entry, 'uid') ??
    first(entry, 'sAMAccountName') ??
    first(entry, 'mail');
  const username =
    first(entry, config.usernameAttribute) ?? first(entry, 'givenName') ?? first(entry, 'mail');
  const email =
    first(entry, config.emailAttribute) ??
    first(entry, 'mail') ??
    (username ? `${username}@ldap.local` : undefined);
  const name = config.fullNameAttributes.length
    ? config.fullNameAttributes
        .map((a) => first(entry, a))
        .filter((v) => v !== undefined)
        .join(' ') || undefined
    : (first(entry, 'cn') ??
      first(entry, 'name') ??
      first(entry, 'commonname') ??
      first(entry, 'displayName'));
  if (!id || !email) return undefined;
  return { id, email, username, name };
}

/**
 * The login form's name and password checked by the directory, as passport-ldapauth (LibreChat's)
 * does: bound as LDAP_BIND_DN (or anonymously), the one entry LDAP_SEARCH_FILTER finds under
 * LDAP_USER_SEARCH_BASE is bound to with the password. Undefined when no single entry matches or
 * the password is wrong; a directory that cannot be reached throws.
 */
export async function ldapAuthenticate(
  config: LdapConfig,
  login: string,
  password: string,
): Promise<LdapPerson | undefined> {
  // An empty password would be an unauthenticated bind, which directories accept as anonymous.
  if (password === '' || login === '') return undefined;
  const { Client, InvalidCredentialsError, SizeLimitExceededError } = await ldapts.load();
  // The authority of LDAP_CA_CERT_PATH is trusted besides the system's; a certificate that does
  // not verify is refused unless LDAP_TLS_REJECT_UNAUTHORIZED is false.
  const tlsOptions =
    config.caCertPath || !config.tlsRejectUnauthorized
      ? {
          ...(config.caCertPath ? { ca: [readFileSync(config.caCertPath)] } : {}),
          rejectUnauthorized: config.tlsRejectUnauthorized,
        }
      : undefined;
  const options: ldaptsTypes.ClientOptions = {
    url: config.url,
    timeout: config.timeoutMs,
    connectTimeout: config.timeoutMs,
    ...(tlsOptions ? { tlsOptions } : {}),
  };
  const attributes = [
    ...new Set([
      ...BASE_ATTRIBUTES,
      ...config.fullNameAttributes,
      ...[config.idAttribute, config.usernameAttribute, config.emailAttribute].filter(
        (a): a is string => a !== undefined,
      ),
    ]),
  ];
  const searcher = new Client(options);
  let entry: Entry & { dn: string };
  try {
    if (config.bindDN) await searcher.bind(config.bindDN, config.bindCredentials ?? '');
    const found = await searcher
      .search(config.searchBase, {
        scope: 'sub',
        filter: config.searchFilter.replace(/\{\{username\}\}/g, escapeFilterValue(login)),
        attributes,
        sizeLimit: 2,
      })
      .catch((err: unknown) => {
        // Two entries or more: the name does not say who signs in.
        if (err instanceof SizeLimitExceededError) return { searchEntries: [] };
        throw err;
      });
    const { searchEntries } = found;
    if (searchEntries.length !== 1) return undefined;
    entry = searchEntries[0]!;
  } finally {
    await searcher.unbind().catch(() => undefined);
  }
  const user = new Client(options);
  try {
    await user.bind(entry.dn, password);
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return undefined;
    throw err;
  } finally {
    await user.unbind().catch(() => undefined);
  }
  return personOf(config, entry);
}
