import { describe, expect, it } from 'vitest';
import {
  allowEntryProblem,
  assertAddressAllowed,
  canonicalHost,
  checkUrl,
  classifyAddress,
  parseAddress,
  SsrfError,
} from './ssrf.js';

const kindOf = (address: string) => classifyAddress(parseAddress(address)!);

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'ipv4Mapped:loopback'],
    ['::ffff:7f00:1', 'ipv4Mapped:loopback'],
    ['::ffff:a9fe:a9fe', 'ipv4Mapped:linkLocal'],
    ['::ffff:10.0.0.1', 'ipv4Mapped:private'],
    ['::ffff:0:7f00:1', 'rfc6145:loopback'],
    ['64:ff9b::7f00:1', 'rfc6052:loopback'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052:linkLocal'],
    ['64:ff9b:1::a00:1', 'nat64LocalUse'],
    ['2002:7f00:1::', '6to4:loopback'],
    ['2002:c0a8:101::1', '6to4:private'],
    ['::7f00:1', 'ipv4Compatible:loopback'],
    ['::127.0.0.1', 'ipv4Compatible:loopback'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['4000::1', 'reserved'],
  ])('%s is %s and not public', (address, kind) => {
    expect(kindOf(address)).toEqual({ kind, public: false });
  });

  it.each([
    ['93.184.216.34'],
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['172.32.0.1'],
    ['100.128.0.1'],
    ['2606:4700:4700::1111'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:808:808::1'],
  ])('%s is public', (address) => {
    expect(kindOf(address).public).toBe(true);
  });
});

describe('canonicalHost turns every IPv4 spelling into dotted decimal', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
    ['2852039166', '169.254.169.254'],
    ['::ffff:127.0.0.1', '[::ffff:7f00:1]'],
    ['[0:0:0:0:0:ffff:7f00:1]', '[::ffff:7f00:1]'],
    ['[::FFFF:127.0.0.1]', '[::ffff:7f00:1]'],
    ['LOCALHOST', 'localhost'],
  ])('%s → %s', (host, canonical) => {
    expect(canonicalHost(host)).toBe(canonical);
  });
});

describe('checkUrl', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1:8080/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://0xa9fea9fe/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://0.0.0.0/',
    'http://0/',
    'http://100.64.0.1/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'file:///etc/passwd',
    'ftp://example.com/',
    'gopher://example.com/',
    'data:text/plain,hi',
    'javascript:alert(1)',
    'http://user:pass@example.com/',
    'not a url',
  ])('refuses %s', (url) => {
    expect(() => checkUrl(url)).toThrow(SsrfError);
  });

  it('passes a public address literal and leaves names to be resolved', () => {
    expect(checkUrl('https://8.8.8.8/x')).toMatchObject({ host: '8.8.8.8', literal: true });
    expect(checkUrl('https://API.Example.com./v1')).toMatchObject({
      host: 'api.example.com',
      literal: false,
    });
  });

  it('allows private ranges, addresses and names the policy lists', () => {
    const policy = { allow: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'localhost'] };
    expect(checkUrl('http://127.0.0.1:11434/', policy).literal).toBe(true);
    expect(checkUrl('http://[::ffff:127.0.0.1]/', policy).literal).toBe(true);
    expect(checkUrl('http://0x0a000001/', policy).host).toBe('10.0.0.1');
    expect(checkUrl('http://[fd00::5]/', policy).literal).toBe(true);
    expect(checkUrl('http://localhost/', policy).host).toBe('localhost');
    expect(() => checkUrl('http://127.0.0.2/', policy)).toThrow(SsrfError);
    expect(() => checkUrl('http://169.254.169.254/', policy)).toThrow(/linkLocal/);
  });

  it('names the reason', () => {
    expect(() => checkUrl('http://[::ffff:7f00:1]/')).toThrow(/ipv4Mapped:loopback/);
    expect(() => assertAddressAllowed('169.254.169.254')).toThrow(/linkLocal address 169\.254\.169\.254/);
  });
});

describe("allowEntryProblem: the operator's allow list is checked at start-up", () => {
  it('takes addresses in any spelling, CIDR ranges and host names', () => {
    for (const ok of [
      '127.0.0.1',
      '::1',
      '[fd00::1]',
      '10.0.0.0/8',
      'fd00::/8',
      'ollama.internal',
      'localhost',
      'gpu_box',
    ])
      expect(allowEntryProblem(ok), ok).toBeNull();
  });

  it('names what is wrong with a typo instead of allowing less', () => {
    expect(allowEntryProblem('10.0.0.0/33')).toBe('is not a valid CIDR range');
    expect(allowEntryProblem('10.0.0/8x')).toBe('is not a valid CIDR range');
    expect(allowEntryProblem('http://ollama:11434')).toBe('is a URL: give its host name or address');
    expect(allowEntryProblem('bad host')).toBe('is neither an address, a CIDR range nor a host name');
  });
});
