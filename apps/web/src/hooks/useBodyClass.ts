import { useEffect } from 'react';

/** Sets a class on <body> while the page shows (landing-page, chat-page). */
export function useBodyClass(name: string): void {
  useEffect(() => {
    document.body.classList.add(name);
    return () => document.body.classList.remove(name);
  }, [name]);
}
