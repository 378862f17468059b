import { describe, expect, it } from 'vitest';
import { claimAt, displayNameOf, jwtPayload, missingRoleText, usernameOf } from './openid-claims.js';

const sources = (id: Record<string, unknown>) => ({ id, access: undefined, userinfo: undefined });

describe('OpenID claims', () => {
  it('finds a path: a whole key with dots first, then nested objects and list indexes, own keys only', () => {
    const claims = { 'https://corp/roles': ['a'], realm_access: { roles: ['x', 'y'] }, list: [{ v: 1 }] };
    expect(claimAt(claims, 'https://corp/roles')).toEqual(['a']);
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['x', 'y']);
    expect(claimAt(claims, 'realm_access.roles[1]')).toBe('y');
    expect(claimAt(claims, 'list[0].v')).toBe(1);
    expect(claimAt(claims, 'realm_access.missing.deeper')).toBeUndefined();
    expect(claimAt(claims, 'constructor')).toBeUndefined();
    expect(claimAt(claims, 'realm_access.__proto__')).toBeUndefined();
  });

  it('words a refusal as LibreChat does, naming one role or the list', () => {
    const one = { roles: ['chat'], tokenKind: 'id' as const, path: 'roles' };
    const two = { roles: ['chat', 'admin'], tokenKind: 'id' as const, path: 'roles' };
    expect(missingRoleText(one, sources({ roles: ['other'] }))).toBe('You must have "chat" role to log in.');
    expect(missingRoleText(two, sources({}))).toBe('You must have one of: "chat", "admin" role to log in.');
    expect(missingRoleText(two, sources({ roles: 'admin' }))).toBeUndefined();
    expect(missingRoleText(one, sources({ roles: { chat: true } }))).toBeDefined();
  });

  it('reads a JWT payload and gives an opaque token none', () => {
    const body = Buffer.from(JSON.stringify({ sub: 's', roles: ['r'] })).toString('base64url');
    expect(jwtPayload(`e30.${body}.sig`)).toEqual({ sub: 's', roles: ['r'] });
    expect(jwtPayload('opaque-token-value')).toBeUndefined();
    expect(jwtPayload('a.!!!.c')).toBeUndefined();
    expect(jwtPayload(undefined)).toBeUndefined();
  });

  it('reads a username from a list claim joined with underscores, and falls back as LibreChat', () => {
    expect(usernameOf({ grp: ['a', 'b'] }, 'grp')).toBe('a_b');
    expect(usernameOf({ preferred_username: 'p', email: 'e@x' }, undefined)).toBe('p');
    expect(usernameOf({ username: 'u', email: 'e@x' }, undefined)).toBe('u');
    expect(usernameOf({ email: 'e@x' }, 'missing')).toBeUndefined();
    expect(displayNameOf({ given_name: 'Ann' }, undefined)).toBe('Ann');
    expect(displayNameOf({ family_name: 'Lee', email: 'e@x' }, undefined)).toBe('Lee');
    expect(displayNameOf({ email: 'e@x' }, undefined)).toBe('e@x');
  });
});
