import type { ArtifactMode } from '@chat/contract';
import { conversationOption, type ChatExtension } from '../chat';

/**
 * Artifacts for the conversation (LibreChat's `ephemeralAgent.artifacts`): a mode, or '' for off.
 * Saved with the conversation by the server.
 */
export const artifactsOption = conversationOption<ArtifactMode | ''>({
  id: 'artifacts',
  saved: (convo) => convo?.ephemeralAgent?.artifacts ?? undefined,
  initial: '',
  // Sent with every endpoint once on, or once the conversation had them (so "off" is saved too).
  apply: (options, value, saved) =>
    value || saved
      ? { ...options, ephemeralAgent: { ...options.ephemeralAgent, artifacts: value } }
      : options,
});

/** What artifacts add to the chat's setup. */
export const artifactsChat: ChatExtension = { conversationOptions: [artifactsOption] };
