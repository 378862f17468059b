import type { FastifyBaseLogger } from 'fastify';
import { CODE_TOOL_NAME, EModelEndpoint, type AskRequest, type AssistantChatRequest } from '@chat/contract';
import type { EndpointDefinition } from '../../config/app-config.js';
import { assistantEndpointFor } from '../../config/assistant-endpoints.js';
import { AppError } from '../../platform/errors.js';
import type { AskConfigurer, AskPipeline } from '../ask/index.js';
import type { ConvosRepo } from '../convos/index.js';
import { fixedToolsAgent, type PluginToolbox } from '../plugins/index.js';
import { newId, type AssistantsService } from './service.js';

export interface AssistantChatDeps {
  assistants: AssistantsService;
  convos: Pick<ConvosRepo, 'get'>;
  toolbox: PluginToolbox;
  pipeline: AskPipeline;
  /** The configured endpoints (read per request: main settles them after the modules). */
  endpoints: () => readonly EndpointDefinition[];
}

/** assistant_id and thread_id are the assistants feature's to set: an ordinary ask drops them. */
export const assistantOptionsConfigurer: AskConfigurer = {
  name: 'assistants',
  async configure(ctx, options) {
    if (ctx.input.runAs) return options;
    const { assistant_id: _assistant, thread_id: _thread, ...rest } = options;
    return rest;
  },
};

/**
 * POST /api/assistants/chat[/modify]: the assistant's reply, run by the ask pipeline on the
 * configured endpoint that offers its model (openAI, then azureOpenAI, then custom): its
 * instructions as the system prompt, its functions (installed plugins) as the agent's tools. The
 * conversation records the `assistant` endpoint, the assistant's id and its thread (one per
 * conversation, `thread_…`).
 */
export function createAssistantChat(deps: AssistantChatDeps) {
  return {
    async start(
      userId: string,
      route: 'ask' | 'edit',
      body: AssistantChatRequest,
      attach: Parameters<AskPipeline['start']>[1],
      log: FastifyBaseLogger,
    ): Promise<void> {
      const assistant = await deps.assistants.find(userId, body.assistant_id);
      const endpoint = assistantEndpointFor(deps.endpoints(), assistant.model);
      if (!endpoint) {
        throw new AppError(
          'unknown_model',
          `No endpoint here runs ${assistant.model}, the model of this assistant: choose another model for it`,
        );
      }
      const existing = body.conversationId ? await deps.convos.get(userId, body.conversationId) : undefined;
      const threadId = existing?.options.thread_id ?? newId('thread_');

      const names = assistant.tools.flatMap((t) => (t.type === 'function' ? [t.function.name] : []));
      const installed = names.length > 0 ? await deps.toolbox.installed(userId) : [];
      const missing = names.filter((n) => !installed.includes(n));
      if (missing.length > 0) {
        throw new AppError(
          'validation_error',
          `This assistant uses plugins you have not installed: ${missing.join(', ')}`,
          missing.map((n) => ({ path: 'assistant_id', message: `${n} is not installed` })),
        );
      }
      // code_interpreter is the code interpreter's tool, no install needed; a server that turned it
      // off since refuses the chat (an unknown plugin) before anything is saved.
      const keys = assistant.tools.some((t) => t.type === 'code_interpreter')
        ? [...names, CODE_TOOL_NAME]
        : names;
      // Refuses a plugin without its credentials before anything is saved.
      const tools =
        keys.length > 0
          ? await deps.toolbox.tools(userId, keys, {
              conversationId: body.conversationId ?? null,
              fileIds: [],
            })
          : [];
      const agent = fixedToolsAgent('assistant', tools);

      const askBody: AskRequest = {
        text: body.text,
        conversationId: body.conversationId,
        parentMessageId: body.parentMessageId,
        messageId: body.messageId,
        responseMessageId: body.responseMessageId,
        overrideParentMessageId: body.overrideParentMessageId,
        isRegenerate: body.isRegenerate,
        isContinued: body.isContinued,
        isEdited: body.isEdited,
        temperature: body.temperature,
        top_p: body.top_p,
        frequency_penalty: body.frequency_penalty,
        presence_penalty: body.presence_penalty,
        endpoint: endpoint.name,
        model: assistant.model,
        assistant_id: assistant.id,
        thread_id: threadId,
        spec: body.spec,
      };
      await deps.pipeline.start(
        {
          userId,
          route,
          pathEndpoint: endpoint.name,
          body: askBody,
          runAs: {
            endpoint: EModelEndpoint.assistant,
            sender: assistant.name || 'Assistant',
            instructions: assistant.instructions,
            agent,
          },
        },
        attach,
        log,
      );
    },
  };
}
