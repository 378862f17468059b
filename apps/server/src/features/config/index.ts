import type { FeatureModule } from '../../platform/module.js';
import { configRoutes } from './routes.js';

/** The start-up config, endpoints, models and the API's OpenAPI document. */
export const configModule: FeatureModule = {
  name: 'config',
  register({ app, config }) {
    configRoutes(app, { config });
  },
};
