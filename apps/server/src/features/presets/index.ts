import { API_ROUTES } from '@chat/contract';
import type { FeatureModule } from '../../platform/module.js';
import { addRoute } from '../../platform/typed-route.js';
import { createPresetsRepo } from './repo.js';
import { createPresetsService } from './service.js';

/** Saved setups (spec §7 Presets): GET /api/presets, POST /api/presets, POST /api/presets/delete. */
export const presetsModule: FeatureModule = {
  name: 'presets',
  register({ app, db }) {
    const presets = createPresetsService(createPresetsRepo(db));
    addRoute(app, API_ROUTES.presets, async ({ user }) => presets.list(user.id));
    addRoute(app, API_ROUTES.savePreset, async ({ user, body }) => presets.save(user.id, body));
    addRoute(app, API_ROUTES.deletePresets, async ({ user, body }) => presets.delete(user.id, body.presetId));
  },
};
