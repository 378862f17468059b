import { bool } from '../../config/env-fields.js';

/**
 * The environment variable this feature reads. LibreChat runs code through a paid remote service
 * (LIBRECHAT_CODE_API_KEY) and has no switch of its own; this one turns the local sandbox off.
 */
export const codeInterpreterEnv = {
  CODE_INTERPRETER_ENABLED: bool(true),
};
