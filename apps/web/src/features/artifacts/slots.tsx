import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { ArtifactsScope } from './ArtifactsScope';
import { ArtifactsToggle } from './ArtifactsToggle';

/** Artifacts on the chat screen: cards in replies, the panel beside the chat, the switch in the box. */
export const artifactsSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.scope', { id: 'artifacts', component: ArtifactsScope }),
  fill('chat.input.tools', { id: 'artifacts', order: -3, component: ArtifactsToggle }),
];
