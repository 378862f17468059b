import { PROMPTS_GLOBAL_PROJECT_ID, type Prompt, type PromptGroup } from '@chat/contract';
import type { PromptRow } from '../../db/schema.js';
import type { GroupView } from './repo.js';

/** A group as LibreChat answers it: shared ones carry the global project in `projectIds`. */
export const presentPromptGroup = ({ group, authorName, production }: GroupView): PromptGroup => ({
  _id: group.id,
  name: group.name,
  ...(group.command ? { command: group.command } : {}),
  oneliner: group.oneliner,
  category: group.category,
  projectIds: group.shared ? [PROMPTS_GLOBAL_PROJECT_ID] : [],
  productionId: group.productionId,
  productionPrompt: production,
  author: group.userId,
  authorName,
  isPublic: group.shared,
  createdAt: group.createdAt.toISOString(),
  updatedAt: group.updatedAt.toISOString(),
});

/** One version, its text exactly as written (variables are the browser's to fill). */
export const presentPrompt = (row: PromptRow): Prompt => ({
  _id: row.id,
  groupId: row.groupId,
  author: row.userId,
  prompt: row.prompt,
  type: row.type,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
