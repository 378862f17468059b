import { describe, expect, it } from 'vitest';
import { explicitHosts, isActionDomainAllowed, parseDomainSpec } from './domains.js';

describe('actions.allowedDomains', () => {
  const list = ['swapi.dev', '*.example.com', 'https://secure.example.org', 'http://api.example.net:8080'];

  it('matches hosts, wildcards (the domain and below), schemes and ports as LibreChat does', async () => {
    expect(await isActionDomainAllowed('swapi.dev', list)).toBe(true);
    expect(await isActionDomainAllowed('https://www.swapi.dev:443', list)).toBe(true);
    expect(await isActionDomainAllowed('api.swapi.dev', list)).toBe(false);
    expect(await isActionDomainAllowed('example.com', list)).toBe(true);
    expect(await isActionDomainAllowed('https://a.b.example.com:443', list)).toBe(true);
    expect(await isActionDomainAllowed('badexample.com', list)).toBe(false);
    expect(await isActionDomainAllowed('https://secure.example.org:443', list)).toBe(true);
    expect(await isActionDomainAllowed('http://secure.example.org:80', list)).toBe(false);
    expect(await isActionDomainAllowed('http://api.example.net:8080', list)).toBe(true);
    expect(await isActionDomainAllowed('http://api.example.net:80', list)).toBe(false);
    expect(await isActionDomainAllowed('ftp://swapi.dev', list)).toBe(false);
    expect(await isActionDomainAllowed('*.swapi.dev', list)).toBe(false);
  });

  it('without a list allows public hosts and never this machine, private addresses or internal names', async () => {
    expect(await isActionDomainAllowed('https://8.8.8.8:443', undefined)).toBe(true);
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '[::1]',
      'db',
      'svc.internal',
      'printer.local',
    ]) {
      expect(await isActionDomainAllowed(`http://${host}:80`, []), host).toBe(false);
    }
  });

  it('lets private hosts be reached only when an entry names them, not through a wildcard', () => {
    expect(explicitHosts(['http://10.0.0.5:8080', '*.corp.example', 'api.example.com'])).toEqual([
      '10.0.0.5',
      'api.example.com',
    ]);
    expect(parseDomainSpec('gopher://x')).toBeNull();
    expect(parseDomainSpec('https://user:pw@x.example')).toBeNull();
  });
});
