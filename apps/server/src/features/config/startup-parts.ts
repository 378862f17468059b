import type { StartupConfig } from '@chat/contract';

/**
 * A feature's own fields of GET /api/config: only the optional ones the contract gives it (the
 * memory settings a client needs), so the core answer stays whole without any feature; a part
 * cannot replace a core field (they are written after it). Read on each request: a module
 * registered after this one adds its part too.
 */
export interface StartupConfigPart {
  name: string;
  part(): Partial<StartupConfig>;
}
