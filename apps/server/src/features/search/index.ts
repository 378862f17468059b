import type { FeatureModule } from '../../platform/module.js';
import { createSearchRepo } from './repo.js';
import { searchRoutes } from './routes.js';
import { createSearchService } from './service.js';

/** Full-text search over the user's messages and conversation titles. */
export const searchModule: FeatureModule = {
  name: 'search',
  register({ app, db }) {
    searchRoutes(app, { search: createSearchService({ repo: createSearchRepo(db) }) });
  },
};
