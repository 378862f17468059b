import { bookmarksOn } from '../../config/yaml-interface.js';
import type { FeatureModule } from '../../platform/module.js';
import { createTagsRepo } from './repo.js';
import { tagsRoutes } from './routes.js';
import { createTagsService } from './service.js';

/**
 * Bookmarks: a person's own tags on their conversations at LibreChat's /api/tags routes (list in
 * their order with counts, create, rename, describe, move, delete, set a conversation's tags).
 * The sidebar's filter by tags is the conversations list's (features/convos). librechat.yaml's
 * `interface.bookmarks: false` turns them off.
 */
export const tagsModule: FeatureModule = {
  name: 'tags',
  register({ app, db, config, clock }) {
    const tags = createTagsService({ repo: createTagsRepo(db), now: () => new Date(clock()) });
    tagsRoutes(app, { tags, enabled: () => bookmarksOn(config.interface) });
  },
};
