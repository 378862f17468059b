/** What other features may use of attachments (images picked, dropped, uploaded and shown). */
import { lazy } from 'react';

export { AttachButton } from './AttachButton';
export { DropZone } from './DropZone';
export { useEndpointAttachments } from './useEndpointAttachments';
export type { Attachments } from './useAttachments';

// Shown only once images are picked, or on a message that has some: each loads then, not with /c/new.
export const FileErrors = lazy(() => import('./FileErrors').then((m) => ({ default: m.FileErrors })));
export const FilePreviews = lazy(() => import('./FilePreviews').then((m) => ({ default: m.FilePreviews })));
export const MessageFiles = lazy(() => import('./MessageFiles').then((m) => ({ default: m.MessageFiles })));
