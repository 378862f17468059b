/** Presets: limits and defaults of a saved setup. */
export const PRESET_LIMITS = {
  titleMaxChars: 256,
  /** Presets one account may keep. */
  maxPresets: 500,
  /** The toast shown when a preset is picked. */
  selectToastMs: 750,
} as const;
export const DEFAULT_PRESET_TITLE = 'New Preset';
/**
 * Presets: the endpoint types whose chat the preset editor updates in place (the editor
 * opened from the "Model:" bar applies its values to the chat on screen); for the others it
 * saves a preset only.
 */
export const PRESET_IN_PLACE_ENDPOINTS: readonly string[] = ['gptPlugins', 'anthropic', 'google', 'openAI'];
