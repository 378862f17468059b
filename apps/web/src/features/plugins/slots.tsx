import { lazy, type ReactNode } from 'react';
import { fill, type SlotEntry, type Slots } from '../../platform/slots';
import { useAuth } from '../auth';

// Only the plugins endpoint shows it: not on the first load of a chat on another endpoint.
const PluginsSelect = lazy(() => import('./PluginsSelect').then((m) => ({ default: m.PluginsSelect })));

const NO_PLUGINS: readonly string[] = [];

/** The plugins endpoint's choice of tools, offered from the person's installed plugins. */
function HeaderPluginsSelect({ setup, busy }: Slots['chat.header.items']): ReactNode {
  const { user, setUser } = useAuth();
  if (setup.endpointType !== 'gptPlugins') return null;
  return (
    <PluginsSelect
      selected={setup.tools}
      onChange={setup.setTools}
      installed={user?.plugins ?? NO_PLUGINS}
      onUser={setUser}
      disabled={busy}
    />
  );
}

/** Last of the header's items, where the select has always been. */
export const pluginsSlots: readonly SlotEntry<Slots>[] = [
  fill('chat.header.items', { id: 'plugins', order: 20, component: HeaderPluginsSelect }),
];
