import type { Agent } from '@chat/contract';
import type { AgentView } from './repo.js';

/**
 * An agent as the caller may see it. Its owner sees everything, their own id as `author` and the
 * addresses it is shared with; anyone else sees what using it needs (no instructions, no owner id,
 * no addresses), with the owner's display name.
 */
export function presentAgent(view: AgentView, callerId: string, sharedWith: readonly string[] = []): Agent {
  const { row } = view;
  const owner = row.userId === callerId;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    ...(owner ? { instructions: row.instructions, author: row.userId, sharedWith: [...sharedWith] } : {}),
    avatar: row.avatar ?? null,
    provider: row.provider,
    model: row.model,
    model_parameters: row.modelParameters,
    tools: row.tools,
    ...(owner ? { tool_resources: row.toolResources } : {}),
    conversation_starters: row.conversationStarters,
    authorName: view.authorName,
    isPublic: row.isPublic,
    permissions: owner ? ['VIEW', 'EDIT'] : ['VIEW'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
