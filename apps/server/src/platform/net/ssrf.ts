import ipaddr from 'ipaddr.js';
import { AppError } from '../errors.js';

type IP = ipaddr.IPv4 | ipaddr.IPv6;

/** A URL or address refused by the SSRF guard (400: the user gave it). `reason` says why. */
export class SsrfError extends AppError {
  constructor(readonly reason: string) {
    super('validation_error', `This address is not allowed: ${reason}`);
  }
}

/** What the operator allows beyond the public internet (e.g. a local Ollama), from config. */
export interface SsrfPolicy {
  /**
   * CIDRs (`10.0.0.0/8`, `fd00::/8`), single addresses (`192.168.1.20`) or host names
   * (`ollama.internal`) that may be reached although they are not public. A host name entry
   * allows whatever that name resolves to.
   */
  allow?: readonly string[];
}

export interface AddressClass {
  /** ipaddr.js range name (`unicast` is public), prefixed by the IPv6 wrapper if embedded. */
  kind: string;
  /** Public unicast: reachable without an allow entry. */
  public: boolean;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_LOCAL = ipaddr.parseCIDR('64:ff9b:1::/48');

/** Parses a canonical address (`127.0.0.1`, `::1`, `[::1]`); anything else is null. */
export function parseAddress(text: string): IP | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!bare.includes(':') || !ipaddr.IPv6.isValid(bare)) return null;
  // ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`; the URL parser spells it as it is.
  let canonical = bare;
  try {
    canonical = canonicalHost(bare).slice(1, -1);
  } catch {
    // a zone id (fe80::1%eth0) is not URL syntax: ipaddr.js reads it
  }
  return ipaddr.IPv6.parse(canonical);
}

const v4 = (hi: number, lo: number) => ipaddr.IPv4.parse(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);

/** The IPv4 address an IPv6 address carries (mapped, translated, well-known NAT64, 6to4, compatible). */
function embeddedIPv4(ip: ipaddr.IPv6): { via: string; address: ipaddr.IPv4 } | null {
  const p = ip.parts;
  const range = ip.range();
  if (range === 'ipv4Mapped') return { via: range, address: ip.toIPv4Address() };
  if (range === 'rfc6145' || range === 'rfc6052') return { via: range, address: v4(p[6]!, p[7]!) };
  if (range === '6to4') return { via: range, address: v4(p[1]!, p[2]!) };
  // IPv4-compatible ::a.b.c.d (deprecated), except :: and ::1 themselves.
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7]! > 1)) {
    return { via: 'ipv4Compatible', address: v4(p[6]!, p[7]!) };
  }
  return null;
}

/**
 * Classifies one address. Public means IPv4 unicast outside every special range (loopback,
 * private, link-local incl. 169.254.169.254, CGNAT, multicast, broadcast, reserved, …), or IPv6
 * global unicast (2000::/3) outside the special ranges; an IPv6 address carrying an IPv4 one is as
 * public as that IPv4 address (Teredo never is: its client address is obfuscated).
 */
export function classifyAddress(ip: IP): AddressClass {
  if (ip.kind() === 'ipv4') {
    const kind = ip.range();
    return { kind, public: kind === 'unicast' };
  }
  const v6 = ip as ipaddr.IPv6;
  const range = v6.range();
  if (range === 'teredo') return { kind: range, public: false };
  // Local-use NAT64 (RFC 8215) may embed the IPv4 address at several offsets: never public.
  if (v6.match(NAT64_LOCAL)) return { kind: 'nat64LocalUse', public: false };
  const inner = embeddedIPv4(v6);
  if (inner) {
    const innerKind = inner.address.range();
    return { kind: `${inner.via}:${innerKind}`, public: innerKind === 'unicast' };
  }
  if (range !== 'unicast') return { kind: range, public: false };
  if (!v6.match(GLOBAL_UNICAST_V6)) return { kind: 'reserved', public: false };
  return { kind: range, public: true };
}

/**
 * The host of a URL in canonical form, by WHATWG URL parsing: `2130706433`, `0177.0.0.1`,
 * `0x7f.1` and `127.1` all become `127.0.0.1`; IPv6 comes back compressed in brackets.
 */
export function canonicalHost(host: string): string {
  const wrapped = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new URL(`http://${wrapped}/`).hostname;
}

interface CompiledPolicy {
  cidrs: [IP, number][];
  hosts: Set<string>;
}

const compiled = new WeakMap<SsrfPolicy, CompiledPolicy>();

function compile(policy: SsrfPolicy): CompiledPolicy {
  let c = compiled.get(policy);
  if (c) return c;
  c = { cidrs: [], hosts: new Set() };
  for (const entry of policy.allow ?? []) {
    const text = entry.trim();
    if (text.includes('/')) c.cidrs.push(ipaddr.parseCIDR(text));
    else {
      const ip = parseAddress(text) ?? parseAddress(canonicalHost(text));
      if (ip) c.cidrs.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
      else c.hosts.add(normalizeName(text));
    }
  }
  compiled.set(policy, c);
  return c;
}

/**
 * Why an allow-list entry cannot be used (a malformed CIDR or address, or not a host name), or
 * null when it is good. Checked at start-up, so a typo stops the server instead of allowing less.
 */
export function allowEntryProblem(entry: string): string | null {
  const text = entry.trim();
  if (text.includes('://')) return 'is a URL: give its host name or address';
  if (text.includes('/')) {
    return ipaddr.isValidCIDR(text) ? null : 'is not a valid CIDR range';
  }
  let address = parseAddress(text);
  try {
    address ??= parseAddress(canonicalHost(text));
  } catch {
    // Not a host at all: the name check below says so.
  }
  if (address) return null;
  return /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i.test(
    text,
  )
    ? null
    : 'is neither an address, a CIDR range nor a host name';
}

const normalizeName = (name: string) => name.toLowerCase().replace(/\.$/, '');

function allowedByCidr(ip: IP, policy: CompiledPolicy): boolean {
  const candidates: IP[] = [ip];
  if (ip.kind() === 'ipv6') {
    const inner = embeddedIPv4(ip as ipaddr.IPv6);
    if (inner && inner.via === 'ipv4Mapped') candidates.push(inner.address);
  }
  return candidates.some((a) =>
    policy.cidrs.some(([range, bits]) => range.kind() === a.kind() && a.match(range, bits)),
  );
}

/** Whether the host name itself is allowed by the policy (then any address it resolves to is). */
export function hostAllowed(hostname: string, policy: SsrfPolicy = {}): boolean {
  return compile(policy).hosts.has(normalizeName(hostname));
}

/** Throws SsrfError unless the address is public or allowed by the policy. */
export function assertAddressAllowed(address: string, policy: SsrfPolicy = {}): void {
  const ip = parseAddress(address);
  if (!ip) throw new SsrfError(`not an IP address (${address})`);
  const verdict = classifyAddress(ip);
  if (verdict.public || allowedByCidr(ip, compile(policy))) return;
  throw new SsrfError(`${verdict.kind} address ${ip.toString()}`);
}

/** Host names that always mean this machine, whatever DNS says (RFC 6761). */
const LOCAL_NAMES = /(^|\.)localhost$/;

export interface CheckedUrl {
  url: URL;
  /** The canonical host: an address literal (no brackets) or a name to resolve. */
  host: string;
  /** Set when the host is an address literal (already checked). */
  literal: boolean;
}

/**
 * Checks a URL before anything is resolved: http/https only, no credentials, the host
 * canonicalised (every IPv4 spelling, IPv6 brackets) and, for an address literal, allowed.
 * A name is checked again after resolution by `safeFetch`.
 */
export function checkUrl(input: string | URL, policy: SsrfPolicy = {}): CheckedUrl {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new SsrfError('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SsrfError(`the ${url.protocol} scheme (only http and https)`);
  }
  if (url.username || url.password) throw new SsrfError('credentials in the URL');
  const hostname = url.hostname;
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (parseAddress(bare)) {
    assertAddressAllowed(bare, policy);
    return { url, host: bare, literal: true };
  }
  if (!hostAllowed(hostname, policy) && LOCAL_NAMES.test(normalizeName(hostname))) {
    throw new SsrfError(`the local host name ${hostname}`);
  }
  return { url, host: normalizeName(hostname), literal: false };
}
