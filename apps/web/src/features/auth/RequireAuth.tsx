import { useEffect, type ReactNode } from 'react';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { TIMINGS } from '@chat/contract';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { useAuth } from './auth-context';

/**
 * Chat routes need a session. Unauthenticated visitors see a spinner and are sent to /login
 * (replacing history) after TIMINGS.unauthRedirectMs (spec §2). A later logout or failed refresh
 * lands here too, so the user leaves the chat.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, loginPath } = useAuth();
  const navigate = useStableNavigate();

  useEffect(() => {
    if (status !== 'unauthenticated') return;
    // loginPath, not '/login': this timer may fire after the provider's own navigation to the
    // deleted-account notice (router navigations are transitions) and must not replace it.
    const timer = setTimeout(() => navigate(loginPath, { replace: true }), TIMINGS.unauthRedirectMs);
    return () => clearTimeout(timer);
  }, [status, loginPath, navigate]);

  if (status !== 'authenticated') return <FullPageSpinner />;
  return <>{children}</>;
}
