import { lazy } from 'react';

/** The settings dialog, loaded when first opened (it is not part of /c/new's JS). */
export const SettingsDialog = lazy(() => import('./SettingsDialog'));
