import { createContext, type Provider } from 'react';
import type { Slots } from '../platform/slots';

type Provide = Slots['chat.scope']['provide'];
type ValueOf<P> = P extends Provider<infer T> ? T : never;

/** Contexts of a test's own for a chat.scope fill to set, as the chat view's are. */
export function scopeContexts() {
  const sendGuard = createContext<ValueOf<Provide['sendGuard']>>(null);
  const recovery = createContext<ValueOf<Provide['recovery']>>({ subscribe: null });
  const provide: Provide = { sendGuard: sendGuard.Provider, recovery: recovery.Provider };
  return { provide, sendGuard, recovery };
}

/** What a chat screen with no reply yet offers its scope: nothing to stop, copy or focus. */
export const quietScreen: Pick<Slots['chat.scope'], 'stop' | 'lastReplyText' | 'focusInput'> = {
  stop: () => undefined,
  lastReplyText: () => undefined,
  focusInput: () => false,
};
