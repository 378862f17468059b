/** Temporary chats: the header's switch, the notice, and the flag on the send that starts one. */
export { temporaryChatsSlots } from './slots';
