import type { FeatureModule } from '../../platform/module.js';
import { createPresetsRepo } from './repo.js';
import { presetsRoutes } from './routes.js';
import { createPresetsService } from './service.js';

/** Saved setups: the user's presets, listed, saved and deleted. */
export const presetsModule: FeatureModule = {
  name: 'presets',
  register({ app, db }) {
    presetsRoutes(app, createPresetsService(createPresetsRepo(db)));
  },
};
