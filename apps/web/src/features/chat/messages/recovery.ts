import { createContext, useContext } from 'react';

/**
 * What an error reply can offer besides Regenerate, from the chat screen that owns it: the plan
 * chooser (null where subscriptions are off).
 */
export interface ChatRecovery {
  subscribe: (() => void) | null;
}

const ChatRecoveryContext = createContext<ChatRecovery>({ subscribe: null });

export const ChatRecoveryProvider = ChatRecoveryContext.Provider;

export function useChatRecovery(): ChatRecovery {
  return useContext(ChatRecoveryContext);
}
