import type { ComponentType, ReactNode } from 'react';

/** The settings tabs' line (label and hint, then its control), as SettingRow draws it. */
export interface SettingRowProps {
  label: ReactNode;
  hint?: ReactNode;
  htmlFor?: string;
  children: ReactNode;
  className?: string;
}

/*
 * The settings dialog's extension points (features/settings renders them). The row component is
 * handed to the fills so that a feature adding a line looks like the tab's own without importing
 * the settings feature (whose modules would then travel in the feature's chunks).
 */
declare module '../../platform/slots' {
  interface Slots {
    /** General, after Clear all chats: a feature's own lines. */
    'settings.general.rows': {
      Row: ComponentType<SettingRowProps>;
      /** Closes the settings, for a line that takes the person elsewhere in the app. */
      closeSettings?: () => void;
    };
    /** Account, after the social-media bonus: a feature's own lines (sign-in security). */
    'settings.account.rows': {
      Row: ComponentType<SettingRowProps>;
    };
  }
}
