import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { TIMINGS } from '@chat/contract';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useAuth, type AuthStatus } from './auth-context';
import { loginWithReturn } from './return-path';

/**
 * Sends a signed-out person to sign in after TIMINGS.unauthRedirectMs (replacing history), and
 * back here afterwards when the session went missing by itself (`redirect_to`); a sign-out or an
 * ended account goes where it said. Answers the session's status for the page to wait on.
 */
export function useSignInRedirect(): AuthStatus {
  const { status, loginPath, mayReturn } = useAuth();
  const navigate = useStableNavigate();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  useEffect(() => {
    if (status !== 'unauthenticated') return;
    // loginPath, not '/login': this timer may fire after the provider's own navigation to the
    // deleted-account notice (router navigations are transitions) and must not replace it.
    const to = mayReturn ? loginWithReturn(loginPath, here) : loginPath;
    const timer = setTimeout(() => navigate(to, { replace: true }), TIMINGS.unauthRedirectMs);
    return () => clearTimeout(timer);
  }, [status, loginPath, mayReturn, here, navigate]);
  return status;
}
