import type { FeatureModule } from '../../platform/module.js';
import { configRoutes } from './routes.js';
import type { StartupConfigPart } from './startup-parts.js';

declare module '../../platform/module.js' {
  interface ExtensionPoints {
    /** Fields a feature adds to GET /api/config (features/config). */
    startupConfig: StartupConfigPart;
  }
}

/** The start-up config, endpoints, models and the API's OpenAPI document. */
export const configModule: FeatureModule = {
  name: 'config',
  register({ app, config, extensions }) {
    configRoutes(app, { config, parts: () => extensions('startupConfig') });
  },
};
