/** Artifacts: replies' `:::artifact` directives as cards, a panel with code and a sandboxed preview. */
export { artifactsSlots } from './slots';
export { artifactsChat } from './chat';
