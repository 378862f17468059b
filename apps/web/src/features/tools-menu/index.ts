/** The tools menu: MCP servers and plugins chosen for a conversation from the message box. */
export { toolsMenuSlots } from './slots';
