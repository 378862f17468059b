import { lazy } from 'react';

/*
 * Export and import of conversations. Everything here loads on demand: the dialogs and their
 * formatters are fetched when first opened, the screenshot library only when a PNG is made.
 */

/** The export conversation dialog; offered for saved conversations only. */
export const ExportDialog = lazy(() => import('./ExportDialog'));
/** The import dialog opened from the account menu. */
export const ImportDialog = lazy(() => import('./ImportDialog'));
/** The import panel itself (file picker, progress, report), e.g. for Settings → Data. */
export const ImportConversations = lazy(() => import('./ImportConversations'));
