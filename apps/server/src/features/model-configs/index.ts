import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { createModelConfigsRepo } from './repo.js';
import { createModelConfigsService } from './service.js';
import { modelConfigShaper } from './shaper.js';

/** The operator's per-model system prompt and prefill, applied to every ask of that model. */
export const modelConfigsModule: FeatureModule = {
  name: 'model-configs',
  register({ app, db, use, extend }) {
    const configs = createModelConfigsService(createModelConfigsRepo(db));
    const operator = use('operator');
    const audit = use('audit');
    extend('askPromptShapers', modelConfigShaper(configs));

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
  },
};
