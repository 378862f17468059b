import { AGENTS_ENDPOINT, API_ROUTE_PATHS } from '@chat/contract';
import type { ChatExtension, MenuData } from '../chat';
import { useAgentsInMenu } from './menu';

/**
 * The agents endpoint in the chat: its menu entries are the person's agents (each an agent's id,
 * shown by its name), its asks and edits go to /api/agents/chat naming the agent, and replies are
 * signed with the agent's name.
 */
export const agentsChat: ChatExtension = {
  endpointKinds: [
    {
      endpoint: AGENTS_ENDPOINT,
      useMenu: (menu: MenuData) => useAgentsInMenu(menu.endpoints, menu.models),
      // An agent conversation's "model" in the menu is its agent.
      savedEntry: (convo) => convo.agent_id,
      // The server runs the agent on the agent's own model.
      route: (agentId) => ({
        ask: API_ROUTE_PATHS.agentChat.path,
        edit: API_ROUTE_PATHS.agentChat.path,
        body: { agent_id: agentId },
      }),
      persona: true,
    },
  ],
};
