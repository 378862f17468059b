import type { FeatureModule } from '../../platform/module.js';
import { summaryShaper } from './shaper.js';

/** Summaries of long conversations on endpoints that ask for them (librechat.yaml `summarize`). */
export const summariesModule: FeatureModule = {
  name: 'summaries',
  register({ app, use, extend }) {
    extend('askPromptShapers', summaryShaper({ providers: use('providers'), log: app.log }));
  },
};
