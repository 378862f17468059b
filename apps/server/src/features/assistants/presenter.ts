import type { Assistant } from '@chat/contract';
import type { AssistantRow } from '../../db/schema.js';

/** An assistant row in OpenAI's shape (created_at in seconds; no files are kept). */
export function presentAssistant(row: AssistantRow): Assistant {
  return {
    id: row.id,
    object: 'assistant',
    created_at: Math.floor(row.createdAt.getTime() / 1000),
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    model: row.model,
    tools: row.tools,
    file_ids: [],
    metadata: row.metadata,
  };
}
