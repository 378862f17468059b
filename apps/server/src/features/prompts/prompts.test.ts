import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROMPT_LIMITS,
  PROMPT_SYSTEM_CATEGORIES,
  PROMPT_TEXTS,
  PROMPTS_GLOBAL_PROJECT_ID,
  type ApiErrorBody,
  type Prompt,
  type PromptGroup,
  type PromptGroupsPage,
  type StartupConfig,
} from '@chat/contract';
import { authed, registerUser, startTestApp, type Harness } from '../../../test/support/harness.js';

type Api = ReturnType<typeof authed>;
interface Person {
  id: string;
  name: string;
  api: Api;
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

interface Created {
  prompt: Prompt;
  group?: PromptGroup;
}

const newGroup = (p: Person, group: Record<string, unknown>, prompt = 'Say hello', status = 200) =>
  json<Created>(p.api('/api/prompts', { body: { prompt: { prompt, type: 'text' }, group } }), status);
const newVersion = (p: Person, groupId: string, prompt: string, status = 200) =>
  json<Created>(p.api('/api/prompts', { body: { prompt: { prompt, type: 'chat', groupId } } }), status);
const groupOf = (p: Person, groupId: string, status = 200) =>
  json<PromptGroup>(p.api(`/api/prompts/groups/${groupId}`), status);
const versions = (p: Person, groupId: string, status = 200) =>
  json<Prompt[]>(p.api(`/api/prompts?groupId=${groupId}`), status);
const all = (p: Person, query = '') => json<PromptGroup[]>(p.api(`/api/prompts/all${query}`));
const patch = (p: Person, groupId: string, body: Record<string, unknown>, status = 200) =>
  json<PromptGroup>(p.api(`/api/prompts/groups/${groupId}`, { method: 'PATCH', body }), status);
const makeProduction = (p: Person, promptId: string, status = 200) =>
  json<{ message: string }>(p.api(`/api/prompts/${promptId}/tags/production`, { method: 'PATCH' }), status);

describe('the prompt library over HTTP', () => {
  let h: Harness;
  let alice: Person;
  let bob: Person;
  const person = async (name: string): Promise<Person> => {
    const u = await registerUser(h.url, name);
    return { id: u.user.id, name, api: authed(h.url, u.token) };
  };
  beforeAll(async () => {
    h = await startTestApp();
    alice = await person('Alice');
    bob = await person('Bob');
  });
  afterAll(() => h.close());

  it('creates a group with its first version as the production one', async () => {
    const made = await newGroup(alice, {
      name: '  Summary  ',
      category: 'write',
      oneliner: 'Sums things up',
      command: 'sum',
    });
    expect(made.group).toMatchObject({
      name: 'Summary',
      category: 'write',
      oneliner: 'Sums things up',
      command: 'sum',
      projectIds: [],
      isPublic: false,
      author: alice.id,
      authorName: 'Alice',
      productionId: made.prompt._id,
      productionPrompt: { prompt: 'Say hello', type: 'text' },
    });
    expect(made.prompt).toMatchObject({ groupId: made.group?._id, author: alice.id, type: 'text' });
    expect(await groupOf(alice, made.prompt.groupId)).toEqual(made.group);
  });

  it('keeps {{variables}} and the specials as written: the browser fills them', async () => {
    const text = 'Dear {{name}}, on {{current_date}} {{current_user}} picks {{colour:red|blue}}.';
    const made = await newGroup(alice, { name: 'Letter' }, text);
    expect(made.prompt.prompt).toBe(text);
    expect((await versions(alice, made.prompt.groupId))[0]?.prompt).toBe(text);
    expect((await all(alice)).find((g) => g._id === made.prompt.groupId)?.productionPrompt?.prompt).toBe(
      text,
    );
  });

  it('adds versions newest first; production moves only when asked', async () => {
    const first = await newGroup(alice, { name: 'Versions' }, 'v1');
    const groupId = first.prompt.groupId;
    const second = await newVersion(alice, groupId, 'v2');
    expect(second.group).toBeUndefined();
    const third = await newVersion(alice, groupId, 'v3');
    expect((await versions(alice, groupId)).map((p) => p.prompt)).toEqual(['v3', 'v2', 'v1']);
    expect((await groupOf(alice, groupId)).productionId).toBe(first.prompt._id);

    expect(await makeProduction(alice, second.prompt._id)).toEqual({ message: PROMPT_TEXTS.madeProduction });
    const group = await groupOf(alice, groupId);
    expect(group.productionId).toBe(second.prompt._id);
    expect(group.productionPrompt).toEqual({ prompt: 'v2', type: 'chat' });

    // The production version deleted: the newest one left takes its place.
    const del = await json<{ prompt: string }>(
      alice.api(`/api/prompts/${second.prompt._id}`, { method: 'DELETE' }),
    );
    expect(del).toEqual({ prompt: PROMPT_TEXTS.promptDeleted });
    expect((await groupOf(alice, groupId)).productionId).toBe(third.prompt._id);
    expect(await json<Prompt>(alice.api(`/api/prompts/${first.prompt._id}`))).toMatchObject({ prompt: 'v1' });

    // The last version deleted takes the group with it.
    await json(alice.api(`/api/prompts/${third.prompt._id}`, { method: 'DELETE' }));
    const last = await json<{ promptGroup?: { id: string } }>(
      alice.api(`/api/prompts/${first.prompt._id}`, { method: 'DELETE' }),
    );
    expect(last.promptGroup).toEqual({ message: PROMPT_TEXTS.groupDeleted, id: groupId });
    await groupOf(alice, groupId, 404);
  });

  it('edits a group, refuses bad input, deletes a group with its versions', async () => {
    const made = await newGroup(alice, { name: 'Editable', command: 'edit-me' });
    const groupId = made.prompt.groupId;
    const edited = await patch(alice, groupId, { name: 'Edited', oneliner: 'New line', command: '' });
    expect(edited).toMatchObject({ name: 'Edited', oneliner: 'New line' });
    expect(edited.command).toBeUndefined();

    const badCommand = await json<ApiErrorBody>(
      alice.api(`/api/prompts/groups/${groupId}`, { method: 'PATCH', body: { command: 'Not OK' } }),
      400,
    );
    expect(badCommand.issues?.[0]?.key).toBe('com_ui_prompt_command_invalid');
    const blank = await json<ApiErrorBody>(
      alice.api('/api/prompts', { body: { prompt: { prompt: ' ' }, group: { name: 'x' } } }),
      400,
    );
    expect(blank.issues?.[0]?.key).toBe('com_ui_prompt_text_required');
    const noName = await json<ApiErrorBody>(
      alice.api('/api/prompts', { body: { prompt: { prompt: 'x' }, group: { name: ' ' } } }),
      400,
    );
    expect(noName.issues?.[0]?.key).toBe('com_ui_prompt_name_required');
    const tooLong = 'x'.repeat(PROMPT_LIMITS.promptMaxChars + 1);
    await json(alice.api('/api/prompts', { body: { prompt: { prompt: tooLong, groupId } } }), 400);
    // Neither a new group nor a group to add to.
    await json(alice.api('/api/prompts', { body: { prompt: { prompt: 'x' } } }), 400);

    await newVersion(alice, groupId, 'second');
    expect(await json(alice.api(`/api/prompts/groups/${groupId}`, { method: 'DELETE' }))).toEqual({
      message: PROMPT_TEXTS.groupDeleted,
    });
    await groupOf(alice, groupId, 404);
    await versions(alice, groupId, 404);
  });

  it('pages and filters by name and category', async () => {
    const carol = await person('Carol');
    for (const [name, category] of [
      ['Alpha code', 'code'],
      ['Beta code', 'code'],
      ['Gamma trip', 'travel'],
      ['Delta 100%', ''],
    ] as const) {
      await newGroup(carol, { name, category });
    }
    const page = (q: string) => json<PromptGroupsPage>(carol.api(`/api/prompts/groups?${q}`));
    const first = await page('pageNumber=1&pageSize=3');
    expect(first).toMatchObject({ pageNumber: '1', pageSize: '3', pages: '2' });
    expect(first.promptGroups).toHaveLength(3);
    const second = await page('pageNumber=2&pageSize=3');
    expect(second.promptGroups).toHaveLength(1);
    const names = (p: PromptGroupsPage) => p.promptGroups.map((g) => g.name).sort();
    expect(names(await page('category=code'))).toEqual(['Alpha code', 'Beta code']);
    expect(names(await page(`category=${PROMPT_SYSTEM_CATEGORIES.none}`))).toEqual(['Delta 100%']);
    expect(names(await page('name=CODE'))).toEqual(['Alpha code', 'Beta code']);
    // A % in the filter is a percent sign, not a wildcard.
    expect(names(await page(`name=${encodeURIComponent('0%')}`))).toEqual(['Delta 100%']);
    expect(names(await page(`name=${encodeURIComponent('%')}`))).toEqual(['Delta 100%']);
    expect((await all(carol, '?category=travel')).map((g) => g.name)).toEqual(['Gamma trip']);
  });

  it("hides one person's groups from another; a shared group is read-only to others", async () => {
    const made = await newGroup(alice, { name: 'Private plan', command: 'plan' }, 'Secret {{thing}}');
    const groupId = made.prompt.groupId;
    const promptId = made.prompt._id;

    await groupOf(bob, groupId, 404);
    await versions(bob, groupId, 404);
    await json(bob.api(`/api/prompts/${promptId}`), 404);
    expect((await all(bob)).map((g) => g._id)).not.toContain(groupId);
    expect((await json<Prompt[]>(bob.api('/api/prompts'))).map((p) => p._id)).not.toContain(promptId);
    await patch(bob, groupId, { name: 'Taken' }, 404);
    await newVersion(bob, groupId, 'mine now', 404);
    await makeProduction(bob, promptId, 404);
    await json(bob.api(`/api/prompts/${promptId}`, { method: 'DELETE' }), 404);
    await json(bob.api(`/api/prompts/groups/${groupId}`, { method: 'DELETE' }), 404);

    // Shared with everyone (LibreChat's global project).
    const shared = await patch(alice, groupId, { projectIds: [PROMPTS_GLOBAL_PROJECT_ID] });
    expect(shared).toMatchObject({ projectIds: [PROMPTS_GLOBAL_PROJECT_ID], isPublic: true });
    expect(await groupOf(bob, groupId)).toMatchObject({ name: 'Private plan', authorName: 'Alice' });
    expect((await versions(bob, groupId)).map((p) => p._id)).toEqual([promptId]);
    expect((await all(bob)).map((g) => g._id)).toContain(groupId);
    const sharedPage = await json<PromptGroupsPage>(
      bob.api(`/api/prompts/groups?category=${PROMPT_SYSTEM_CATEGORIES.shared}&pageSize=100`),
    );
    expect(sharedPage.promptGroups.map((g) => g._id)).toContain(groupId);
    const minePage = await json<PromptGroupsPage>(
      bob.api(`/api/prompts/groups?category=${PROMPT_SYSTEM_CATEGORIES.mine}`),
    );
    expect(minePage.promptGroups.map((g) => g._id)).not.toContain(groupId);

    // Read-only: every change by someone else is refused.
    const refused = await json<ApiErrorBody>(
      bob.api(`/api/prompts/groups/${groupId}`, { method: 'PATCH', body: { name: 'Taken' } }),
      403,
    );
    expect(refused.message).toBe(PROMPT_TEXTS.readOnly);
    await patch(bob, groupId, { removeProjectIds: [PROMPTS_GLOBAL_PROJECT_ID] }, 403);
    await newVersion(bob, groupId, 'mine now', 403);
    await makeProduction(bob, promptId, 403);
    await json(bob.api(`/api/prompts/${promptId}`, { method: 'DELETE' }), 403);
    await json(bob.api(`/api/prompts/groups/${groupId}`, { method: 'DELETE' }), 403);
    expect(await groupOf(alice, groupId)).toMatchObject({ name: 'Private plan', productionId: promptId });

    // Only the global project exists.
    await json(
      alice.api(`/api/prompts/groups/${groupId}`, {
        method: 'PATCH',
        body: { projectIds: [crypto.randomUUID()] },
      }),
      400,
    );
    // Unshared: gone from Bob's sight again.
    const unshared = await patch(alice, groupId, { removeProjectIds: [PROMPTS_GLOBAL_PROJECT_ID] });
    expect(unshared).toMatchObject({ projectIds: [], isPublic: false });
    await groupOf(bob, groupId, 404);
  });

  it('imports an exported group with its versions and production', async () => {
    const dave = await person('Dave');
    const file = {
      version: 1,
      group: { name: 'Imported', category: 'code', oneliner: 'From a file', command: 'imp' },
      prompts: [
        { prompt: 'old', type: 'text' },
        { prompt: 'chosen {{x}}', type: 'chat', production: true },
        { prompt: 'newest', type: 'text' },
      ],
    };
    const imported = await json<{ group: PromptGroup; prompts: Prompt[] }>(
      dave.api('/api/prompts/import', { body: file }),
    );
    expect(imported.group).toMatchObject({
      name: 'Imported',
      command: 'imp',
      author: dave.id,
      productionPrompt: { prompt: 'chosen {{x}}', type: 'chat' },
      isPublic: false,
    });
    expect((await versions(dave, imported.group._id)).map((p) => p.prompt)).toEqual([
      'newest',
      'chosen {{x}}',
      'old',
    ]);
    expect(imported.prompts.map((p) => p.prompt)).toEqual(['newest', 'chosen {{x}}', 'old']);
    await json(dave.api('/api/prompts/import', { body: { ...file, version: 2 } }), 400);
    await json(dave.api('/api/prompts/import', { body: { ...file, prompts: [] } }), 400);
  });
});

describe('prompts turned off (interface.prompts: false)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({
      interface: { endpointsMenu: true, modelSelect: true, parameters: true, presets: true, prompts: false },
    });
  });
  afterAll(() => h.close());

  it('answers 403 on every route, before reading the input, and tells the web app', async () => {
    const user = await registerUser(h.url);
    const api = authed(h.url, user.token);
    const id = crypto.randomUUID();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/prompts/groups', undefined],
      ['GET', '/api/prompts/all', undefined],
      ['GET', `/api/prompts/groups/${id}`, undefined],
      ['GET', `/api/prompts?groupId=${id}`, undefined],
      ['GET', `/api/prompts/${id}`, undefined],
      ['POST', '/api/prompts', { prompt: { prompt: 'x' }, group: { name: 'x' } }],
      ['POST', '/api/prompts/import', { version: 1 }],
      ['PATCH', `/api/prompts/groups/${id}`, { name: 'x' }],
      ['PATCH', `/api/prompts/${id}/tags/production`, undefined],
      ['DELETE', `/api/prompts/${id}`, undefined],
      ['DELETE', `/api/prompts/groups/${id}`, undefined],
      ['POST', '/api/prompts', { prompt: 42 }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as ApiErrorBody).code).toBe('forbidden');
    }
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config.interface?.prompts).toBe(false);
  });
});

describe("LibreChat's prompt permissions (interface.prompts: { public: false })", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({
      interface: {
        endpointsMenu: true,
        modelSelect: true,
        parameters: true,
        presets: true,
        prompts: { use: true, public: false },
      },
    });
  });
  afterAll(() => h.close());

  it('keeps groups to their owners: sharing with everyone is refused', async () => {
    const user = await registerUser(h.url);
    const api = authed(h.url, user.token);
    const made = await json<Created>(
      api('/api/prompts', { body: { prompt: { prompt: 'x' }, group: { name: 'Mine' } } }),
    );
    const res = await api(`/api/prompts/groups/${made.prompt.groupId}`, {
      method: 'PATCH',
      body: { projectIds: [PROMPTS_GLOBAL_PROJECT_ID] },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiErrorBody).message).toBe(PROMPT_TEXTS.publicOff);
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config.interface?.prompts).toEqual({ use: true, public: false });
  });
});
