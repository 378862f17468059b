/** The settings dialog's tabs, in order. */
export const SETTINGS_TABS = ['general', 'data', 'beta', 'account'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/**
 * Where a key press moves the focus in a tab list (WAI-ARIA tabs): the arrows of either axis step
 * and wrap (the list is vertical on wide screens, horizontal on small ones), Home and End jump.
 * Null for any other key. In a right-to-left page the horizontal arrows are mirrored.
 */
export function nextTabIndex(key: string, current: number, count: number, rtl = false): number | null {
  const step = (d: number) => (current + d + count) % count;
  switch (key) {
    case 'ArrowDown':
      return step(1);
    case 'ArrowUp':
      return step(-1);
    case 'ArrowRight':
      return step(rtl ? -1 : 1);
    case 'ArrowLeft':
      return step(rtl ? 1 : -1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
