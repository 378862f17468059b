/** What other features may use of a person's own keys for an endpoint. */
import { lazy } from 'react';

export { KeyButton } from './KeyButton';
export { useKeyRefusal } from './useKeyRefusal';
export { useKeyStatus } from './useKeyStatus';

// Not needed for the first paint of /c/new: loaded when first shown.
export const KeyDialog = lazy(() => import('./KeyDialog').then((m) => ({ default: m.KeyDialog })));
