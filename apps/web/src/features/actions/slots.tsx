import { lazy, type ReactNode } from 'react';
import { AGENTS_ENDPOINT } from '@chat/contract';
import { useEndpoints } from '../../api/endpoints';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';

/** The section loads with the builder that shows it. */
const ActionsSection = lazy(() => import('./ActionsSection'));

/** The section, where the server offers agents the `actions` capability (librechat.yaml). */
function Actions(props: Slots['agents.builder.sections']): ReactNode {
  const capabilities = useEndpoints().data?.[AGENTS_ENDPOINT]?.capabilities;
  if (capabilities && !capabilities.includes('actions')) return null;
  return <ActionsSection {...props} />;
}

export const actionsSlots: SlotEntry<Slots>[] = [
  fill('agents.builder.sections', { id: 'actions', component: Actions }),
];
