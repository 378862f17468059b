import type { FeatureModule } from '../../platform/module.js';
import { importRoutes } from './routes.js';

/**
 * Importing conversations from ChatGPT, LibreChat and this app's own JSON exports
 * (POST /api/convos/import), streamed one conversation at a time.
 */
export const importsModule: FeatureModule = {
  name: 'imports',
  register({ app, db }) {
    importRoutes(app, { db });
  },
};
