import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import type { Services } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import type { ModelConfigsService } from './service.js';

export function modelConfigsRoutes(
  app: FastifyInstance,
  deps: { configs: ModelConfigsService; operator: Services['operator']; audit: Services['audit'] },
): void {
  const { configs, operator, audit } = deps;
  addRoute(app, API_ROUTES.modelConfig, async ({ params }) => configs.get(params.name), operator.only);
  addRoute(
    app,
    API_ROUTES.updateModelConfig,
    async ({ user, params, body }) => {
      const saved = await configs.update(params.name, body);
      await audit.record(user.id, 'model_config', params.name, {
        jailbreakPrompt: body.jailbreakPrompt !== undefined,
        prefill: body.prefill !== undefined,
      });
      return saved;
    },
    operator.only,
  );
}
