/**
 * What other features may use of presets: the default preset that starts new chats and the
 * list's query; and what presets add to the chat screen's slots (the header menu, the "Model:"
 * bar, their dialogs, which load on demand, as does the menu's content).
 */
export { presetsSlots } from './slots';
export { presetsQuery, useDefaultPreset } from './api';
