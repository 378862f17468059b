import { randomInt } from 'node:crypto';
import type {
  Assistant,
  AssistantList,
  AssistantListQuery,
  CreateAssistantRequest,
  UpdateAssistantRequest,
} from '@chat/contract';
import { assistantEndpointFor } from '../../config/assistant-endpoints.js';
import type { EndpointDefinition } from '../../config/app-config.js';
import type { AssistantRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import type { PluginToolbox } from '../plugins/index.js';
import { presentAssistant } from './presenter.js';
import type { AssistantFields, AssistantsRepo } from './repo.js';
import { checkTools } from './tools.js';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id in OpenAI's form: a prefix and 24 letters or digits (`asst_…`, `thread_…`). */
export function newId(prefix: string): string {
  let id = prefix;
  for (let i = 0; i < 24; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

const notFound = () => new AppError('not_found', 'Assistant not found');

/**
 * Assistants: each is its owner's only; another user's id is not found. Tools are
 * checked against what can really run here (tools.ts), and the model against the endpoints that
 * run assistants (an assistant of a model no endpoint runs could never answer), on create and on
 * every update of them. The chat checks the model again: the configuration may change since.
 */
export function createAssistantsService(deps: {
  repo: AssistantsRepo;
  toolbox: PluginToolbox;
  endpoints: () => readonly EndpointDefinition[];
}) {
  const { repo } = deps;
  const runnable = (model: string): string => {
    if (assistantEndpointFor(deps.endpoints(), model)) return model;
    const message = `No endpoint here runs ${model}: choose one of the assistant models`;
    throw new AppError('validation_error', message, [{ path: 'model', message }]);
  };
  /** The user's assistant row (AppError not_found otherwise). */
  const find = async (userId: string, id: string): Promise<AssistantRow> => {
    const row = await repo.get(userId, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    find,

    async get(userId: string, id: string): Promise<Assistant> {
      return presentAssistant(await find(userId, id));
    },

    async list(userId: string, query: AssistantListQuery): Promise<AssistantList> {
      const page = await repo.page(userId, query);
      if (!page) {
        throw new AppError('validation_error', 'The cursor names no assistant of yours', [
          { path: query.after ? 'query.after' : 'query.before', message: 'No such assistant' },
        ]);
      }
      const data = page.rows.map(presentAssistant);
      return {
        object: 'list',
        data,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
        has_more: page.hasMore,
      };
    },

    async create(userId: string, body: CreateAssistantRequest): Promise<Assistant> {
      const fields: AssistantFields = {
        name: body.name ?? null,
        description: body.description ?? null,
        instructions: body.instructions ?? null,
        model: runnable(body.model),
        tools: await checkTools(deps.toolbox, userId, body.tools ?? []),
        metadata: body.metadata ?? {},
      };
      return presentAssistant(await repo.insert(userId, newId('asst_'), fields));
    },

    async update(userId: string, id: string, body: UpdateAssistantRequest): Promise<Assistant> {
      await find(userId, id);
      const patch: Partial<AssistantFields> = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description;
      if (body.instructions !== undefined) patch.instructions = body.instructions;
      if (body.model !== undefined) patch.model = runnable(body.model);
      if (body.metadata !== undefined) patch.metadata = body.metadata ?? {};
      if (body.tools !== undefined) patch.tools = await checkTools(deps.toolbox, userId, body.tools);
      const row = await repo.update(userId, id, patch);
      if (!row) throw notFound();
      return presentAssistant(row);
    },

    async remove(
      userId: string,
      id: string,
    ): Promise<{ id: string; object: 'assistant.deleted'; deleted: true }> {
      if (!(await repo.remove(userId, id))) throw notFound();
      return { id, object: 'assistant.deleted', deleted: true };
    },
  };
}
export type AssistantsService = ReturnType<typeof createAssistantsService>;
