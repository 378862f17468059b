/*
 * The sidebar's extension points (features/sidebar/Sidebar.tsx renders them). A fill that narrows
 * the list sets the list filter (list-filter.ts, through this feature's index.ts).
 */
declare module '../../platform/slots' {
  interface Slots {
    /** Above the conversation list: controls that narrow what it shows. */
    'sidebar.filters': Record<never, never>;
  }
}

export {};
