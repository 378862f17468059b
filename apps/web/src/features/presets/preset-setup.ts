import {
  CONVERSATION_OPTION_KEYS,
  type ConversationOptions,
  type Preset,
  type SavePresetRequest,
} from '@chat/contract';

/** The conversation options a preset keeps (an assistant's id and thread belong to a conversation). */
export const PRESET_OPTION_KEYS = CONVERSATION_OPTION_KEYS.filter(
  (k) => k !== 'assistant_id' && k !== 'thread_id',
);

/** What a preset sets: an endpoint, a model and the conversation options. */
export interface PresetSetup extends ConversationOptions {
  endpoint: string;
}

/** The setup a preset applies: endpoint, model and options, without its own bookkeeping. */
export function setupOf(preset: Preset | SavePresetRequest): PresetSetup {
  const out: PresetSetup = { endpoint: preset.endpoint };
  for (const key of PRESET_OPTION_KEYS) {
    const value = preset[key];
    if (value !== undefined && value !== null) Object.assign(out, { [key]: value });
  }
  return out;
}
