import { createContext, useContext } from 'react';
import type { ArtifactMode } from '@chat/contract';
import type { ArtifactsStore } from './store';

/** What the chat screen's artifacts share: the store, and the conversation's artifacts switch. */
export interface ArtifactsShare {
  store: ArtifactsStore;
  routeId: string;
  mode: ArtifactMode | '';
  setMode: (mode: ArtifactMode | '') => void;
  /** A reply is on its way: the switch waits. */
  busy: boolean;
  /** The /a/ view: its assistant's instructions are its own. */
  assistantView: boolean;
}

export const ArtifactsContext = createContext<ArtifactsShare | null>(null);

export const useArtifacts = () => useContext(ArtifactsContext);
