import type { EphemeralAgent } from '@chat/contract';
import type { PluginAskScope, PluginDefinition } from './tools/types.js';

/**
 * Plugins another feature runs (MCP servers' tools): listed in the store after the built-in ones,
 * installed and selected like them. `prepare` runs before the store is listed for a user (a source
 * may connect to what it lists then).
 */
export interface PluginSource {
  name: string;
  definitions(): readonly PluginDefinition[];
  prepare?(userId: string): Promise<void>;
  /**
   * The keys of the tools a conversation's `ephemeralAgent` chooses from this source (an MCP
   * server stands for all its tools). A choice the user may not use throws an AppError.
   */
  chosen?(userId: string, agent: EphemeralAgent): Promise<string[]>;
  /**
   * The keys of the tools this source offers an ask without being chosen (file search, when the
   * conversation has documents to search); none by default.
   */
  offered?(userId: string, ask: PluginAskScope): Promise<string[]>;
}
