import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRESET_TITLE, PRESET_LIMITS, type Preset } from '@chat/contract';
import { chatUser, startChatApp, type ChatHarness } from '../../../test/support/chat-harness.js';

type User = Awaited<ReturnType<typeof chatUser>>;

describe('presets over HTTP', () => {
  let h: ChatHarness;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    h = await startChatApp();
    alice = await chatUser(h, 'Alice');
    bob = await chatUser(h, 'Bob');
  });
  afterAll(() => h.close());

  const save = async (user: User, body: Record<string, unknown>) => {
    const res = await user.api('/api/presets', { body });
    return { status: res.status, body: (await res.json()) as Preset & { message?: string } };
  };
  const list = async (user: User) => (await (await user.api('/api/presets')).json()) as Preset[];

  it('creates a preset from the parsed options (presetId null, as an import sends it) and lists it', async () => {
    const created = await save(alice, {
      presetId: null,
      title: '  Pirate  ',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.3,
      promptPrefix: 'Talk like a pirate',
      unknownField: 'ignored',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      title: 'Pirate',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.3,
      promptPrefix: 'Talk like a pirate',
      defaultPreset: false,
      order: null,
    });
    expect(created.body).not.toHaveProperty('unknownField');
    expect((await list(alice)).map((p) => p.presetId)).toContain(created.body.presetId);
    // No title: the default one.
    expect((await save(alice, { endpoint: 'google' })).body.title).toBe(DEFAULT_PRESET_TITLE);
  });

  it('updates in place by presetId, and refuses options out of every endpoint’s range', async () => {
    const { body: p } = await save(alice, { title: 'Tune', endpoint: 'anthropic', topK: 5 });
    const updated = await save(alice, {
      presetId: p.presetId,
      title: 'Tuned',
      endpoint: 'anthropic',
      topK: 7,
    });
    expect(updated.body).toMatchObject({ presetId: p.presetId, title: 'Tuned', topK: 7 });
    expect((await list(alice)).filter((x) => x.presetId === p.presetId)).toHaveLength(1);
    expect((await save(alice, { endpoint: 'openAI', temperature: 99 })).status).toBe(400);
    expect(
      (await save(alice, { endpoint: 'openAI', title: 'x'.repeat(PRESET_LIMITS.titleMaxChars + 1) })).status,
    ).toBe(400);
  });

  it('keeps one default at a time, listed first', async () => {
    const a = (await save(alice, { title: 'A', endpoint: 'openAI', defaultPreset: true })).body;
    const b = (await save(alice, { title: 'B', endpoint: 'openAI', defaultPreset: true })).body;
    const presets = await list(alice);
    expect(presets.filter((p) => p.defaultPreset).map((p) => p.presetId)).toEqual([b.presetId]);
    expect(presets[0]!.presetId).toBe(b.presetId);
    expect(presets.find((p) => p.presetId === a.presetId)?.defaultPreset).toBe(false);
    // Concurrent saves of two defaults still leave exactly one.
    const saved = await Promise.all(
      ['C', 'D', 'E'].map((title) => save(alice, { title, endpoint: 'openAI', defaultPreset: true })),
    );
    expect(saved.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await list(alice)).filter((p) => p.defaultPreset)).toHaveLength(1);
  });

  it('is owner-only: another user’s preset is not found to update or delete, and not listed', async () => {
    const { body: mine } = await save(alice, { title: 'Private', endpoint: 'openAI' });
    const taken = await save(bob, { presetId: mine.presetId, title: 'Stolen', endpoint: 'openAI' });
    expect(taken.status).toBe(404);
    const del = await bob.api('/api/presets/delete', { body: { presetId: mine.presetId } });
    expect(del.status).toBe(404);
    expect(await list(bob)).toEqual([]);
    expect((await list(alice)).find((p) => p.presetId === mine.presetId)?.title).toBe('Private');
  });

  it('deletes one preset, then all of the caller’s', async () => {
    const carol = await chatUser(h, 'Carol');
    const one = (await save(carol, { title: 'One', endpoint: 'openAI' })).body;
    await save(carol, { title: 'Two', endpoint: 'openAI' });
    const res = await carol.api('/api/presets/delete', { body: { presetId: one.presetId } });
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await list(carol)).map((p) => p.title)).toEqual(['Two']);
    const all = await carol.api('/api/presets/delete', { body: {} });
    expect(await all.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await list(carol)).toEqual([]);
    // Alice's are untouched by Carol's "all".
    expect((await list(alice)).length).toBeGreaterThan(0);
  });
});
