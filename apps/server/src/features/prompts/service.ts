import type { z } from 'zod';
import {
  PROMPT_LIMITS,
  PROMPT_TEXTS,
  PROMPTS_GLOBAL_PROJECT_ID,
  type createPromptBodySchema,
  type Prompt,
  type PromptGroup,
  type PromptGroupsPage,
  type promptExportSchema,
  type updatePromptGroupBodySchema,
} from '@chat/contract';
import type { PromptGroupRow, PromptRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { presentPrompt, presentPromptGroup } from './presenter.js';
import type { GroupFilter, PromptQueries, PromptsRepo } from './repo.js';

type CreatePrompt = z.output<typeof createPromptBodySchema>;
type UpdateGroup = z.output<typeof updatePromptGroupBodySchema>;
type ImportFile = z.output<typeof promptExportSchema>;
type GroupFields = NonNullable<CreatePrompt['group']>;

const groupNotFound = () => new AppError('not_found', PROMPT_TEXTS.groupNotFound);
const promptNotFound = () => new AppError('not_found', PROMPT_TEXTS.promptNotFound);
const readOnly = () => new AppError('forbidden', PROMPT_TEXTS.readOnly);

/**
 * The prompt library as LibreChat keeps it: groups of versions, one the production version, the
 * first version of a new group being it. A group is its owner's: someone else never learns of a
 * private one (404) and may only read a shared one (403 on a change). The texts are kept as
 * written; `{{variables}}` are the browser's to fill.
 */
export function createPromptsService(deps: { repo: PromptsRepo; now: () => Date; mayShare: () => boolean }) {
  const { repo, now, mayShare } = deps;

  /** The caller's own group for a change: 404 when they cannot see it, 403 when it is only shared. */
  async function ownGroup(r: PromptQueries, userId: string, groupId: string): Promise<PromptGroupRow> {
    const group = await r.lockGroup(groupId);
    if (!group || (group.userId !== userId && !group.shared)) throw groupNotFound();
    if (group.userId !== userId) throw readOnly();
    return group;
  }

  /** The group of a version, for a change by its owner (else 404 / 403 as for the group). */
  async function ownPrompt(
    r: PromptQueries,
    userId: string,
    promptId: string,
  ): Promise<{ prompt: PromptRow; group: PromptGroupRow }> {
    const prompt = await r.getPrompt(promptId);
    if (!prompt) throw promptNotFound();
    const group = await r.lockGroup(prompt.groupId);
    if (!group || (group.userId !== userId && !group.shared)) throw promptNotFound();
    if (group.userId !== userId) throw readOnly();
    return { prompt, group };
  }

  async function viewOf(r: PromptQueries, userId: string, groupId: string): Promise<PromptGroup> {
    const view = await r.visibleGroup(userId, groupId);
    if (!view) throw groupNotFound();
    return presentPromptGroup(view);
  }

  /** A new group of the user with its versions (oldest first); `production` is an index of them. */
  async function insertGroup(
    r: PromptQueries,
    userId: string,
    fields: GroupFields,
    versions: { prompt: string; type: PromptRow['type'] }[],
    production: number,
  ): Promise<{ group: PromptGroupRow; prompts: PromptRow[] }> {
    if ((await r.countOwned(userId)) >= PROMPT_LIMITS.maxGroupsPerUser) {
      throw new AppError('validation_error', PROMPT_TEXTS.tooManyGroups);
    }
    const at = now();
    const group = await r.insertGroup(
      {
        userId,
        name: fields.name,
        category: fields.category ?? '',
        oneliner: fields.oneliner ?? '',
        command: fields.command || null,
      },
      at,
    );
    const rows: PromptRow[] = [];
    for (const [i, v] of versions.entries()) {
      // A millisecond apart, so the order they were written in is the order they list in.
      rows.push(await r.insertPrompt({ groupId: group.id, userId, ...v }, new Date(at.getTime() + i)));
    }
    const productionId = rows[production]?.id ?? rows[0]!.id;
    await r.updateGroup(group.id, { productionId, updatedAt: at });
    return { group: { ...group, productionId }, prompts: rows };
  }

  return {
    async page(
      userId: string,
      query: GroupFilter & { pageNumber: number; pageSize: number },
    ): Promise<PromptGroupsPage> {
      const { pageNumber, pageSize, ...filter } = query;
      const [views, total] = await Promise.all([
        repo.listGroups(userId, filter, { offset: (pageNumber - 1) * pageSize, limit: pageSize }),
        repo.countGroups(userId, filter),
      ]);
      return {
        promptGroups: views.map(presentPromptGroup),
        pageNumber: String(pageNumber),
        pageSize: String(pageSize),
        pages: String(Math.ceil(total / pageSize)),
      };
    },

    async all(userId: string, filter: GroupFilter): Promise<PromptGroup[]> {
      return (await repo.listGroups(userId, filter)).map(presentPromptGroup);
    },

    group: (userId: string, groupId: string) => viewOf(repo, userId, groupId),

    /** The versions of a group the caller sees, or (no group named) of the caller's own groups. */
    async prompts(userId: string, groupId: string | undefined): Promise<Prompt[]> {
      if (groupId === undefined) return (await repo.listOwnPrompts(userId)).map(presentPrompt);
      if (!(await repo.visibleGroup(userId, groupId))) throw groupNotFound();
      return (await repo.listPrompts(groupId)).map(presentPrompt);
    },

    async prompt(userId: string, promptId: string): Promise<Prompt> {
      const row = await repo.getPrompt(promptId);
      if (!row || !(await repo.visibleGroup(userId, row.groupId))) throw promptNotFound();
      return presentPrompt(row);
    },

    /** A new group with its first version (its production one), or a new version of the caller's group. */
    async create(userId: string, body: CreatePrompt): Promise<{ prompt: Prompt; group?: PromptGroup }> {
      const { prompt, group } = body;
      if (group) {
        return repo.atomically(userId, async (r) => {
          const made = await insertGroup(r, userId, group, [{ prompt: prompt.prompt, type: prompt.type }], 0);
          return { prompt: presentPrompt(made.prompts[0]!), group: await viewOf(r, userId, made.group.id) };
        });
      }
      const groupId = prompt.groupId;
      if (groupId === undefined) throw new AppError('validation_error', PROMPT_TEXTS.groupOrIdRequired);
      return repo.atomically(userId, async (r) => {
        await ownGroup(r, userId, groupId);
        const versions = await r.listPrompts(groupId);
        if (versions.length >= PROMPT_LIMITS.maxVersionsPerGroup) {
          throw new AppError('validation_error', PROMPT_TEXTS.tooManyVersions);
        }
        // Never at or before the newest one, so versions list in the order they were made.
        const newest = versions[0]?.createdAt.getTime() ?? 0;
        const at = new Date(Math.max(now().getTime(), newest + 1));
        const row = await r.insertPrompt({ groupId, userId, prompt: prompt.prompt, type: prompt.type }, at);
        await r.updateGroup(groupId, { updatedAt: at });
        return { prompt: presentPrompt(row) };
      });
    },

    /** A new group of the caller from an exported file. */
    async import(userId: string, file: ImportFile): Promise<{ group: PromptGroup; prompts: Prompt[] }> {
      const production = Math.max(
        0,
        file.prompts.findIndex((p) => p.production === true),
      );
      return repo.atomically(userId, async (r) => {
        const versions = file.prompts.map((p) => ({ prompt: p.prompt, type: p.type }));
        const made = await insertGroup(r, userId, file.group, versions, production);
        return {
          group: await viewOf(r, userId, made.group.id),
          prompts: [...made.prompts].reverse().map(presentPrompt),
        };
      });
    },

    async update(userId: string, groupId: string, body: UpdateGroup): Promise<PromptGroup> {
      return repo.atomically(userId, async (r) => {
        await ownGroup(r, userId, groupId);
        const share = body.projectIds?.includes(PROMPTS_GLOBAL_PROJECT_ID)
          ? true
          : body.removeProjectIds?.includes(PROMPTS_GLOBAL_PROJECT_ID)
            ? false
            : undefined;
        // interface.prompts.public: false keeps groups to their owners (stopping a share stays allowed).
        if (share === true && !mayShare()) throw new AppError('forbidden', PROMPT_TEXTS.publicOff);
        await r.updateGroup(groupId, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.category !== undefined ? { category: body.category } : {}),
          ...(body.oneliner !== undefined ? { oneliner: body.oneliner } : {}),
          ...(body.command !== undefined ? { command: body.command || null } : {}),
          ...(share !== undefined ? { shared: share } : {}),
          updatedAt: now(),
        });
        return viewOf(r, userId, groupId);
      });
    },

    async makeProduction(userId: string, promptId: string): Promise<{ message: string }> {
      return repo.atomically(userId, async (r) => {
        const { prompt } = await ownPrompt(r, userId, promptId);
        await r.updateGroup(prompt.groupId, { productionId: prompt.id, updatedAt: now() });
        return { message: PROMPT_TEXTS.madeProduction };
      });
    },

    /**
     * Deletes a version; the group goes with its last one, and a deleted production version hands
     * production to the newest one left (as LibreChat does).
     */
    async removePrompt(
      userId: string,
      promptId: string,
    ): Promise<{ prompt: string; promptGroup?: { message: string; id: string } }> {
      return repo.atomically(userId, async (r) => {
        const { prompt, group } = await ownPrompt(r, userId, promptId);
        await r.deletePrompt(prompt.id);
        const left = await r.listPrompts(group.id);
        if (left.length === 0) {
          await r.deleteGroup(group.id);
          return {
            prompt: PROMPT_TEXTS.promptDeleted,
            promptGroup: { message: PROMPT_TEXTS.groupDeleted, id: group.id },
          };
        }
        if (group.productionId === prompt.id) {
          await r.updateGroup(group.id, { productionId: left[0]!.id, updatedAt: now() });
        }
        return { prompt: PROMPT_TEXTS.promptDeleted };
      });
    },

    async removeGroup(userId: string, groupId: string): Promise<{ message: string }> {
      return repo.atomically(userId, async (r) => {
        await ownGroup(r, userId, groupId);
        await r.deleteGroup(groupId);
        return { message: PROMPT_TEXTS.groupDeleted };
      });
    },
  };
}
export type PromptsService = ReturnType<typeof createPromptsService>;
