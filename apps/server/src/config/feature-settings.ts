import { authEnv } from '../features/auth/settings.js';
import { oauthEnv } from '../features/oauth/settings.js';
import { balanceEnv } from '../features/balance/settings.js';
import { moderationEnv } from '../features/moderation/settings.js';
import { billingEnv } from '../features/billing/settings.js';
import { freeTierEnv } from '../features/free-tier/settings.js';
import { premiumEnv } from '../features/premium/settings.js';
import { socialBonusEnv } from '../features/social-bonus/settings.js';
import { importsEnv } from '../features/imports/settings.js';
import { shareEnv } from '../features/share/settings.js';
import { forkEnv } from '../features/fork/settings.js';
import { codeInterpreterEnv } from '../features/code-interpreter/settings.js';
import { fileSearchEnv } from '../features/file-search/settings.js';

/**
 * The environment each feature declares in its own folder (`features/<name>/settings.ts`), composed
 * into the one schema parseEnv reads: every bad value is still reported together at start.
 */
export const FEATURE_ENV = {
  ...authEnv,
  ...oauthEnv,
  ...balanceEnv,
  ...moderationEnv,
  ...billingEnv,
  ...freeTierEnv,
  ...premiumEnv,
  ...socialBonusEnv,
  ...importsEnv,
  ...shareEnv,
  ...forkEnv,
  ...codeInterpreterEnv,
  ...fileSearchEnv,
};
