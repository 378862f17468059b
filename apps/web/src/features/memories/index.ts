/** Memories: Settings → General, Memories (the list, the usage, the switch to use them). */
export { memoriesSlots } from './slots';
