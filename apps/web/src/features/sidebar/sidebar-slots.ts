import type { ComponentType, ReactNode } from 'react';
import type { Conversation } from '@chat/contract';

/** What a conversation's actions in the sidebar tell their fills. */
interface ConvoActionSlotProps {
  convo: Conversation;
}

/** One line of the user menu, as the menu's own items look. */
export interface UserMenuItemProps {
  label: string;
  icon?: ReactNode;
  /** Runs once the menu has closed. */
  onSelect: () => void;
  testId?: string;
}

/*
 * The sidebar's extension points (features/sidebar renders them). A feature fills one from its
 * own slots.tsx; nothing shows when none does. A fill that narrows the list sets the list filter
 * (list-filter.ts, through this feature's index.ts). The user menu's item component is handed to
 * its fills so that a feature's line behaves as the menu's own (focus, arrow keys, closing)
 * without the feature knowing how the menu is built.
 */
declare module '../../platform/slots' {
  interface Slots {
    /** Above the conversation list: controls that narrow what it shows. */
    'sidebar.filters': Record<never, never>;
    /** A conversation's row actions (shown on hover or focus), before Rename and Delete. */
    'sidebar.convo.actions': ConvoActionSlotProps;
    /** The user menu, after Help & FAQ: a feature's own lines. Drawn only while the menu is open. */
    'user-menu.items': { Item: ComponentType<UserMenuItemProps> };
  }
}
