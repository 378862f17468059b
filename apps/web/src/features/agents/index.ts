/**
 * Agents: the agents endpoint in the chat (its entries in the endpoint menu, its route), the builder in the
 * header and the chosen agent's conversation starters on an empty chat.
 */
export { agentsSlots } from './slots';
export { agentsChat } from './chat';
