import type { FastifyInstance } from 'fastify';
import { API_ROUTES, PROMPT_TEXTS, type promptsPolicy } from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { addRoute, type RouteOptions } from '../../platform/typed-route.js';
import type { PromptsService } from './service.js';

/**
 * The routes are registered whether or not prompts are on (the route table stays whole); while
 * librechat.yaml's `interface.prompts` is false (or its `use` is) every one answers 403, and with
 * `create: false` so do the new group and the import, before the input is read.
 */
export function promptsRoutes(
  app: FastifyInstance,
  deps: { prompts: PromptsService; policy: () => ReturnType<typeof promptsPolicy> },
): void {
  const { prompts, policy } = deps;
  const options: RouteOptions = {
    authorize: async () => {
      if (!policy().use) throw new AppError('forbidden', PROMPT_TEXTS.turnedOff);
    },
  };
  const creating: RouteOptions = {
    authorize: async () => {
      const now = policy();
      if (!now.use) throw new AppError('forbidden', PROMPT_TEXTS.turnedOff);
      if (!now.create) throw new AppError('forbidden', PROMPT_TEXTS.createOff);
    },
  };

  addRoute(app, API_ROUTES.promptGroups, async ({ user, query }) => prompts.page(user.id, query), options);
  addRoute(app, API_ROUTES.allPromptGroups, async ({ user, query }) => prompts.all(user.id, query), options);
  addRoute(
    app,
    API_ROUTES.promptGroup,
    async ({ user, params }) => prompts.group(user.id, params.groupId),
    options,
  );
  addRoute(
    app,
    API_ROUTES.prompts,
    async ({ user, query }) => prompts.prompts(user.id, query.groupId),
    options,
  );
  addRoute(
    app,
    API_ROUTES.prompt,
    async ({ user, params }) => prompts.prompt(user.id, params.promptId),
    options,
  );
  addRoute(app, API_ROUTES.createPrompt, async ({ user, body }) => prompts.create(user.id, body), creating);
  addRoute(app, API_ROUTES.importPrompts, async ({ user, body }) => prompts.import(user.id, body), creating);
  addRoute(
    app,
    API_ROUTES.updatePromptGroup,
    async ({ user, params, body }) => prompts.update(user.id, params.groupId, body),
    options,
  );
  addRoute(
    app,
    API_ROUTES.makePromptProduction,
    async ({ user, params }) => prompts.makeProduction(user.id, params.promptId),
    options,
  );
  addRoute(
    app,
    API_ROUTES.deletePrompt,
    async ({ user, params }) => prompts.removePrompt(user.id, params.promptId),
    options,
  );
  addRoute(
    app,
    API_ROUTES.deletePromptGroup,
    async ({ user, params }) => prompts.removeGroup(user.id, params.groupId),
    options,
  );
}
