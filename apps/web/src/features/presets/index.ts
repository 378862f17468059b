/**
 * What other features may use of presets (spec §3 Preset, §4 Presets): the header menu, the
 * "Model:" bar, the dialogs' hook and the default preset that starts new chats. The dialogs and
 * the menu's content load on demand.
 */
export { PresetsMenu } from './PresetsMenu';
export { PresetBar } from './PresetBar';
export { usePresetDialogs, type PresetDialogs } from './usePresetDialogs';
export { presetsQuery, useDefaultPreset } from './api';
export type { PresetSetup } from './preset-setup';
export type { CurrentSetup } from './types';
