import type { FeatureModule } from '../../platform/module.js';
import { artifactsShaper } from './prompt.js';
import { artifactsRoutes } from './routes.js';

/**
 * Artifacts: while a conversation's `ephemeralAgent.artifacts` is on, its replies' system context
 * carries the instructions for marking artifacts (`askPromptShapers`); the preview frame's page
 * is served here with a policy that forbids every request.
 */
export const artifactsModule: FeatureModule = {
  name: 'artifacts',
  register({ app, extend }) {
    extend('askPromptShapers', artifactsShaper());
    artifactsRoutes(app);
  },
};
