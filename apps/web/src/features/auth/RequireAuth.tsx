import type { ReactNode } from 'react';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { useSignInRedirect } from './useSignInRedirect';

/**
 * Chat routes need a session. Unauthenticated visitors see a spinner and are sent to sign in
 * (useSignInRedirect: back here afterwards). A later logout or failed refresh lands here too, so
 * the user leaves the chat.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSignInRedirect();
  if (status !== 'authenticated') return <FullPageSpinner />;
  return <>{children}</>;
}
