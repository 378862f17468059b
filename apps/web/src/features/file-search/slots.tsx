import { lazy } from 'react';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';

/** The citations load with the first reply that has some. */
const Citations = lazy(() => import('./Citations'));

function CitationsSlot({ message }: Slots['chat.message.after']) {
  const found = message.plugins?.some((p) => p.file_search?.sources.length);
  return found ? <Citations message={message} /> : null;
}

/** What file search adds: the passages a reply drew on, cited under it. */
export const fileSearchSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.message.after', { id: 'file-search', component: CitationsSlot }),
];
