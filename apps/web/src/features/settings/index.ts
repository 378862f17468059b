import { lazy } from 'react';

/** The settings dialog, loaded when first opened (it is not part of /c/new's JS). */
export const SettingsDialog = lazy(() => import('./SettingsDialog'));
/** The social-media bonus offer (Settings → Account), also shown where credits ran out. */
export const SocialBonus = lazy(() => import('./SocialBonus').then((m) => ({ default: m.SocialBonus })));
