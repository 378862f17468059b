import type { ConversationOptions, Preset } from '@chat/contract';
import type { PresetSetup } from './preset-data';

/** The setup of the chat on screen, as the chat view hands it to the presets. */
export interface CurrentSetup {
  endpoint: string;
  model: string;
  /** The options the next ask carries (parameters, carried options, Bing's, plugins). */
  options: ConversationOptions;
}

/**
 * What the chat does with a picked preset: null when its endpoint is not offered; otherwise the
 * model now in use, which is another one when the endpoint does not offer the preset's.
 */
export type ApplyPreset = (setup: PresetSetup) => { model: string } | null;

/** The dialog open, if any: the editor (a preset, or the current setup), save-as, or a delete confirmation. */
export type PresetDialog =
  { kind: 'editor'; preset: Preset | null } | { kind: 'save' } | { kind: 'delete'; preset: Preset | null };
