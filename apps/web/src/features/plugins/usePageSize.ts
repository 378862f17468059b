import { useSyncExternalStore } from 'react';
import { pluginStorePageSize } from '@chat/contract';

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

/** How many plugins one page of the store shows at the window's current width. */
export function usePluginStorePageSize(): number {
  return useSyncExternalStore(subscribe, () => pluginStorePageSize(window.innerWidth));
}
