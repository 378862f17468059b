import type { ConversationOptions, Preset } from '@chat/contract';
import type { PresetSetup } from './preset-data';

/** The setup of the chat on screen, as the chat view hands it to the presets. */
export interface CurrentSetup {
  endpoint: string;
  model: string;
  /** The options the next ask carries (parameters, carried options, Bing's, plugins). */
  options: ConversationOptions;
}

/** What the chat does with a picked preset: true when applied (its endpoint is offered). */
export type ApplyPreset = (setup: PresetSetup) => boolean;

/** The dialog open, if any: the editor (a preset, or the current setup), save-as, or a delete confirmation. */
export type PresetDialog =
  { kind: 'editor'; preset: Preset | null } | { kind: 'save' } | { kind: 'delete'; preset: Preset | null };
