import type { SecurityRules } from '../../src/platform/security-rules.js';
import { securityRules as feedback } from '../../src/features/feedback/security-rules.js';
import { securityRules as share } from '../../src/features/share/security-rules.js';
import { securityRules as agents } from '../../src/features/agents/security-rules.js';
import { securityRules as fileSearch } from '../../src/features/file-search/security-rules.js';
import { securityRules as actions } from '../../src/features/actions/security-rules.js';

/**
 * The features that declare their routes' security rules in their own folder
 * (`features/<name>/security-rules.ts`), one line each; route-rules.ts joins them to the core's.
 * Only the suites import these modules, so no build of the app holds them.
 */
export const FEATURE_SECURITY_RULES: readonly SecurityRules[] = [
  share,
  feedback,
  agents,
  fileSearch,
  actions,
];
