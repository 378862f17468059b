import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiErrorBody, KeyExpiryResponse } from '@chat/contract';
import { userKeys } from '../../db/schema.js';
import { askBody, chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';
import { createKeysRepo } from './repo.js';

let h: ChatHarness;
let ann: Awaited<ReturnType<typeof chatUser>>;
let ben: Awaited<ReturnType<typeof chatUser>>;
const inHours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

beforeAll(async () => {
  h = await startChatApp();
  ann = await chatUser(h, 'Ann');
  ben = await chatUser(h, 'Ben');
});
afterAll(() => h.close());

const expiry = async (user: typeof ann, name = 'byok') =>
  (await (await user.api(`/api/keys?name=${name}`)).json()) as KeyExpiryResponse;
const putKey = (user: typeof ann, value: string, expiresAt = inHours(12), name = 'byok') =>
  user.api('/api/keys', { method: 'PUT', body: { name, value, expiresAt } });
/** LibreChat's shape for a custom endpoint: POST /api/ask/custom, its name in the body. */
const askByok = (user: typeof ann, text: string) =>
  postSse(`${h.url}/api/ask/custom`, user.user.token, {
    ...askBody({ text }),
    endpoint: 'byok',
    endpointType: 'custom',
  });

describe('user-provided keys', () => {
  it('saves a key sealed, answers only its expiry, and chats with it', async () => {
    expect(await expiry(ann)).toEqual({ expiresAt: null });
    const until = inHours(2);
    const saved = await putKey(ann, 'sk-ann-secret-1', until);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ name: 'byok', expiresAt: until });
    expect(await expiry(ann)).toEqual({ expiresAt: until });

    const rows = await h.database.db.select().from(userKeys).where(eq(userKeys.userId, ann.user.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).not.toContain('sk-ann-secret-1');

    const before = h.fake.requests.length;
    const res = await askByok(ann, 'Hello with my key');
    expect(res.status).toBe(200);
    expect(finalOf(res.events)).toMatchObject({ final: true });
    const sent = h.fake.requests.slice(before).find((q) => q.path.endsWith('/chat/completions'));
    expect(sent?.headers.authorization).toBe('Bearer sk-ann-secret-1');
  });

  it('keeps users apart: another user sees, uses and revokes only their own', async () => {
    expect(await expiry(ben)).toEqual({ expiresAt: null });
    const refused = await askByok(ben, 'Hi');
    expect(refused.status).toBe(400);
    expect((refused.json as ApiErrorBody).code).toBe('no_user_key');
    const del = await ben.api('/api/keys/byok', { method: 'DELETE' });
    expect(await del.json()).toEqual({ deletedCount: 0 });
    expect((await expiry(ann)).expiresAt).not.toBeNull();
  });

  it('refuses a key for a server-key endpoint, an empty value and an expiry out of range', async () => {
    const server = await putKey(ann, 'sk-x', inHours(1), 'openAI');
    expect(server.status).toBe(400);
    expect((await putKey(ann, '   ')).status).toBe(400);
    expect((await putKey(ann, 'sk-x', new Date(Date.now() - 1000).toISOString())).status).toBe(400);
    expect((await putKey(ann, 'sk-x', inHours(24 * 31))).status).toBe(400);
    expect((await putKey(ann, 'sk-x', inHours(1), 'nope')).status).toBe(400);
  });

  it('treats an expired key as absent and deletes it at the sweep', async () => {
    await putKey(ben, 'sk-ben', inHours(1));
    await h.database.db
      .update(userKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userKeys.userId, ben.user.user.id));
    expect(await expiry(ben)).toEqual({ expiresAt: null });
    const refused = await askByok(ben, 'Hi');
    expect((refused.json as ApiErrorBody).code).toBe('no_user_key');
    expect(await createKeysRepo(h.database.db).removeExpired()).toBe(1);
    const left = await h.database.db.select().from(userKeys).where(eq(userKeys.userId, ben.user.user.id));
    expect(left).toEqual([]);
  });

  it('revokes one key and all keys', async () => {
    await putKey(ben, 'sk-ben-2');
    expect(await (await ben.api('/api/keys/byok', { method: 'DELETE' })).json()).toEqual({ deletedCount: 1 });
    expect(await expiry(ben)).toEqual({ expiresAt: null });
    await putKey(ben, 'sk-ben-3');
    expect(await (await ben.api('/api/keys?all=true', { method: 'DELETE' })).json()).toEqual({
      deletedCount: 1,
    });
    expect(await expiry(ben)).toEqual({ expiresAt: null });
    expect((await expiry(ann)).expiresAt).not.toBeNull();
  });
});
