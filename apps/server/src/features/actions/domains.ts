import { lookup } from 'node:dns/promises';
import { classifyAddress, parseAddress } from '../../platform/net/ssrf.js';

/**
 * Which hosts an action may call, as LibreChat decides it for `actions.allowedDomains`: an entry
 * is a host name, `*.` and a domain (that domain and every name under it), optionally with a
 * scheme (http or https; then a call must use it) and a port (then a call must name it). A
 * leading `www.` is ignored on both sides. Without a list, any host but this machine's, private
 * ones and internal service names may be called. With a list, a private or loopback address may
 * only be reached when an entry names that host itself (not through a wildcard): the call's SSRF
 * policy allows exactly those hosts (see `explicitHosts`).
 */
export interface DomainSpec {
  hostname: string;
  /** `http:` or `https:` when written, else null (any). */
  protocol: 'http:' | 'https:' | null;
  /** The port when written, else null (any). */
  port: string | null;
  wildcard: boolean;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//;

/** An entry or a domain as written, or null when it is not one. */
export function parseDomainSpec(text: string): DomainSpec | null {
  let value = text.trim().toLowerCase();
  const scheme = SCHEME.exec(value)?.[1];
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
  const wildcard = /^(https?:\/\/)?\*\./.test(value);
  if (wildcard) value = value.replace('*.', '');
  const port = /^(?:https?:\/\/)?(?:\[[^\]]*\]|[^/:?#]*):(\d+)(?:[/?#]|$)/.exec(value)?.[1] ?? null;
  let url: URL;
  try {
    url = new URL(scheme ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!url.hostname || url.username || url.password) return null;
  return {
    hostname: url.hostname.replace(/^www\./, ''),
    protocol: scheme ? (`${scheme}:` as 'http:' | 'https:') : null,
    port,
    wildcard,
  };
}

function hostMatches(host: string, entry: DomainSpec): boolean {
  if (!entry.wildcard) return host === entry.hostname;
  return host === entry.hostname || host.endsWith(`.${entry.hostname}`);
}

/** Names that mean an internal service or this machine, never reached without a list entry. */
const INTERNAL_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'metadata',
  'metadata.google.internal',
]);

/** Whether a host is obviously internal: this machine, a private address, an internal TLD. */
function isInternalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (INTERNAL_NAMES.has(host) || /\.(localhost|local|internal)$/.test(host)) return true;
  const ip = parseAddress(host);
  if (ip) return !classifyAddress(ip).public;
  // A name without a dot is a neighbour on the local network or a container's service name.
  return !host.includes('.');
}

/** Every address a name resolves to is public (a name that does not resolve fails at call time). */
async function resolvesPublic(hostname: string, timeoutMs = 3000): Promise<boolean> {
  if (parseAddress(hostname.replace(/^\[|\]$/g, ''))) return true;
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      lookup(hostname, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return found.every((a) => {
      const ip = parseAddress(a.address);
      return ip !== null && classifyAddress(ip).public;
    });
  } catch {
    return true;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether an action may call this domain (a host, or a URL's origin) under the operator's list:
 * LibreChat's isActionDomainAllowed.
 */
export async function isActionDomainAllowed(
  domain: string,
  allowedDomains: readonly string[] | undefined,
): Promise<boolean> {
  const input = parseDomainSpec(domain);
  if (!input || input.wildcard) return false;
  if (!allowedDomains?.length) {
    return !isInternalHost(input.hostname) && (await resolvesPublic(input.hostname));
  }
  return allowedDomains.some((written) => {
    const entry = parseDomainSpec(written);
    if (!entry || !hostMatches(input.hostname, entry)) return false;
    if (entry.protocol && entry.protocol !== input.protocol) return false;
    if (entry.port && entry.port !== input.port) return false;
    return true;
  });
}

/**
 * The hosts the list names exactly (no wildcard): the only private or loopback hosts a call may
 * reach (safeFetch's SSRF policy); every other host must resolve to public addresses.
 */
export function explicitHosts(allowedDomains: readonly string[] | undefined): string[] {
  const hosts: string[] = [];
  for (const written of allowedDomains ?? []) {
    const entry = parseDomainSpec(written);
    if (entry && !entry.wildcard) hosts.push(entry.hostname.replace(/^\[|\]$/g, ''));
  }
  return hosts;
}

/** A URL's origin with its port written even when it is the scheme's default (for the list's ports). */
export function originWithPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.protocol}//${url.hostname}:${port}`;
}
