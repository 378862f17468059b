/** Actions: the Agent Builder's section for an agent's OpenAPI actions. */
export { actionsSlots } from './slots';
