import type { FeatureModule } from '../../platform/module.js';
import { createModelConfigsRepo } from './repo.js';
import { modelConfigsRoutes } from './routes.js';
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
    modelConfigsRoutes(app, { configs, operator, audit });
  },
};
