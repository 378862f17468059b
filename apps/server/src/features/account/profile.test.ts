import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, User } from '@chat/contract';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';

/** PUT /api/user: the caller's own name and username, by the register form's rules. */
let h: Harness;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(() => h.close());

describe('PUT /api/user', () => {
  it("changes the caller's name and username, answers the user, and GET /api/user agrees", async () => {
    const u = await registerUser(h.url, 'First Name');
    const api = authed(h.url, u.token);
    const res = await api('/api/user', { method: 'PUT', body: { name: '  New Name ', username: 'newbie' } });
    expect(res.status).toBe(200);
    const user = (await res.json()) as User;
    expect(user).toMatchObject({ id: u.user.id, name: 'New Name', username: 'newbie', email: u.email });
    expect(await (await api('/api/user')).json()).toEqual(user);

    // A field left out is kept; an empty username clears it.
    const cleared = (await (
      await api('/api/user', { method: 'PUT', body: { username: '' } })
    ).json()) as User;
    expect(cleared).toMatchObject({ name: 'New Name', username: null });
  });

  it.each([
    [{ name: 'Al' }, 'com_auth_name_min_length', 'Name must be at least 3 characters'],
    [{ name: 'x'.repeat(81) }, 'com_auth_name_max_length', 'Name must be less than 80 characters'],
    [{ name: '   ' }, 'com_auth_name_required', 'Name is required'],
    [{ username: 'a' }, 'com_auth_username_min_length', 'Username must be at least 2 characters'],
    [
      { username: 'u'.repeat(21) },
      'com_auth_username_max_length',
      'Username must be less than 20 characters',
    ],
    [
      { name: 'Kept\nVisit http://evil.example' },
      'com_auth_name_one_line',
      'Name must be one line, without control characters',
    ],
    [{ name: 'Tab\tName' }, 'com_auth_name_one_line', 'Name must be one line, without control characters'],
    [
      { username: 'a\u202eb' },
      'com_auth_username_one_line',
      'Username must be one line, without control characters',
    ],
  ])('refuses %o with 400 and the spec text (%s)', async (body, key, text) => {
    const u = await registerUser(h.url, 'Kept Name');
    const res = await authed(h.url, u.token)('/api/user', { method: 'PUT', body });
    expect(res.status).toBe(400);
    const err = (await res.json()) as ApiErrorBody;
    expect(err.code).toBe('validation_error');
    expect(err.issues?.[0]).toMatchObject({ key, message: text });
    expect(err.message).toContain(text);
    const after = (await (await authed(h.url, u.token)('/api/user')).json()) as User;
    expect(after.name).toBe('Kept Name');
  });

  it('refuses fields it does not own (email, role) and changes only the caller', async () => {
    const u = await registerUser(h.url, 'Mine Only');
    const other = await registerUser(h.url, 'Other Person');
    const res = await authed(h.url, u.token)('/api/user', { method: 'PUT', body: { role: 'ADMIN' } });
    expect(res.status).toBe(400);
    const ok = await authed(h.url, u.token)('/api/user', { method: 'PUT', body: { name: 'Renamed' } });
    expect(ok.status).toBe(200);
    const theirs = (await (await authed(h.url, other.token)('/api/user')).json()) as User;
    expect(theirs.name).toBe('Other Person');
  });

  it('needs a token', async () => {
    const res = await fetch(`${h.url}/api/user`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nobody' }),
    });
    expect(res.status).toBe(401);
  });
});
