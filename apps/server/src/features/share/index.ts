import { ENDPOINT_NAMES_EN, type BuiltInEndpoint } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { createShareRepo } from './repo.js';
import { shareRoutes } from './routes.js';
import { createShareService } from './service.js';

/**
 * Shared links: a read-only snapshot of a conversation's branch at `/share/<shareId>` (whole HTML
 * from the server for public links, the web app's page otherwise) and `GET /api/share/:shareId`,
 * made, updated and deleted by its owner
 * (ALLOW_SHARED_LINKS, ALLOW_SHARED_LINKS_PUBLIC). Someone else's link is 404 to its owner's routes.
 */
export const shareModule: FeatureModule = {
  name: 'share',
  register({ app, db, config, clock, use, siteTexts }) {
    const share = createShareService({
      repo: createShareRepo(db),
      convos: use('convos'),
      messages: use('messages'),
      now: () => new Date(clock()),
      endpointName: (name) =>
        config.endpoints.find((e) => e.name === name)?.label ||
        ENDPOINT_NAMES_EN[name as BuiltInEndpoint] ||
        name,
    });
    shareRoutes(app, {
      share,
      settings: config.sharedLinks ?? { enabled: true, public: true },
      appTitle: config.appTitle,
      siteTexts,
    });
  },
};
