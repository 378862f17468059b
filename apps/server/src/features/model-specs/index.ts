import type { FeatureModule } from '../../platform/module.js';
import { modelSpecConfigurer } from './enforce.js';

export { specsOfOfferedModels } from './yaml.js';

/**
 * librechat.yaml `modelSpecs` on the server: GET /api/config carries the specs (features/config);
 * this module holds the asks to them when the file says `enforce`.
 */
export const modelSpecsModule: FeatureModule = {
  name: 'model-specs',
  register({ config, extend }) {
    extend(
      'askConfigurers',
      modelSpecConfigurer(() => config.modelSpecs),
    );
  },
};
