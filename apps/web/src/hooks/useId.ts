import { useState } from 'react';

let next = 0;

/**
 * An id unique in the page for the component's lifetime, for label / aria pairs. The app runs on
 * Preact (docs/decisions.md), whose useId repeats ids across portals and lazily loaded parts; the
 * client renders only in the browser, so a counter is enough.
 */
export function useId(): string {
  const [id] = useState(() => `id-${(next += 1).toString(36)}`);
  return id;
}
