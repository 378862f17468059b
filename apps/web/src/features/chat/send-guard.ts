import { createContext, useContext } from 'react';

/**
 * A check a message goes through before it is sent (billing's subscription check): it sends
 * through the chat's own send when the person may, else holds or refuses it; true once sent.
 */
export type SendGuard = (text: string) => boolean | Promise<boolean>;

const SendGuardContext = createContext<SendGuard | null>(null);

/** Set by a feature's chat.scope fill; one guard per screen (an inner one takes its place). */
export const ChatSendGuardProvider = SendGuardContext.Provider;

/** The guard the screen's features set, if any. */
export function useSendGuard(): SendGuard | null {
  return useContext(SendGuardContext);
}
