import type { PluginAuthField } from '@chat/contract';
import type { AgentToolResult } from '../../ask/index.js';

/**
 * The ask a tool runs for: its conversation (null for a new one) and the ids of the files attached
 * to its message (the code interpreter mounts them). Absent outside an ask (an assistant's run).
 */
export interface PluginAskScope {
  conversationId: string | null;
  fileIds: readonly string[];
  /**
   * The files of the agent the ask talks to, which its owner (perhaps not the caller) attached for
   * its tools: searched through the agent, never handed to the caller.
   */
  agentFiles?: { ownerId: string; fileIds: readonly string[] } | undefined;
}

/** What a plugin's run gets besides its arguments. */
interface PluginRunContext {
  userId: string;
  ask?: PluginAskScope | undefined;
  /** The plugin's credentials: the user's own (unsealed), else the server's. */
  auth: Record<string, string>;
  signal: AbortSignal;
}

/** One plugin the server runs: its store entry, its tool and how to run it. */
export interface PluginDefinition {
  key: string;
  name: string;
  /** The store's description (also the model's, unless `toolDescription` says more). */
  description: string;
  toolDescription?: string;
  icon: string;
  authConfig: PluginAuthField[];
  /** Credentials the server supplies for every user (from its config), by auth field. */
  serverAuth?: Record<string, string> | undefined;
  /** JSON Schema of the tool's arguments. */
  parameters: Record<string, unknown>;
  /**
   * Not in the store: its source offers it where it applies (`PluginSource.offered`), so it is
   * never listed, installed or chosen by hand (file search).
   */
  unlisted?: boolean;
  run(args: unknown, ctx: PluginRunContext): Promise<AgentToolResult>;
}

/** A tool's arguments as an object (the model may send anything). */
export function argsObject(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null && !Array.isArray(args)
    ? (args as Record<string, unknown>)
    : {};
}

/** A required string argument, else an Error the model is told. */
export function stringArg(args: unknown, name: string, max = 4000): string {
  const value = argsObject(args)[name];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`"${name}" is required`);
  if (value.length > max) throw new Error(`"${name}" is longer than ${max} characters`);
  return value.trim();
}
