import type { Conversation } from '@chat/contract';

/** What a conversation's actions in the sidebar tell their fills. */
export interface ConvoActionSlotProps {
  convo: Conversation;
}

/*
 * The sidebar's extension points (features/sidebar renders them). A feature fills one from its
 * own slots.tsx; nothing shows when none does. A fill that narrows the list sets the list filter
 * (list-filter.ts, through this feature's index.ts).
 */
declare module '../../platform/slots' {
  interface Slots {
    /** Above the conversation list: controls that narrow what it shows. */
    'sidebar.filters': Record<never, never>;
    /** A conversation's row actions (shown on hover or focus), before Rename and Delete. */
    'sidebar.convo.actions': ConvoActionSlotProps;
  }
}
