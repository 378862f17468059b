/** Voice with the browser's engines: dictation in the message box, replies read aloud, their settings. */
export { voiceSlots } from './slots';
