/** What other features may use of the plugins: the header's select, which opens the store. */
import { lazy } from 'react';

// Only the plugins endpoint shows it: not on the first load of a chat on another endpoint.
export const PluginsSelect = lazy(() =>
  import('./PluginsSelect').then((m) => ({ default: m.PluginsSelect })),
);
