import { lazy } from 'react';

/** /admin: the operator's panel, a route chunk of its own. */
export const AdminPage = lazy(() => import('./AdminPage'));

/** The "viewing as" banner of an impersonation session: its own chunk, loaded only then. */
export const ImpersonationBanner = lazy(() => import('./ImpersonationBanner'));
