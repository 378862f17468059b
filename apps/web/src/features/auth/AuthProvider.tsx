import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useQueryClient } from '@tanstack/react-query';
import { LOCAL_KEYS, type AuthResponse, type User } from '@chat/contract';
import {
  ApiError,
  beginSignOut,
  onSessionChange,
  resumeSession,
  setSession,
  takeBootRefresh,
} from '../../api/http';
import { postCheckFreeTier, postLogin, postLogout, postLogoutAll, postRegister } from './api';
import { AuthContext, type AuthState, type AuthStatus, type RegisterInput } from './auth-context';

/** Login and logout forget the locally stored last setup and model. */
function clearLocalSetup(): void {
  try {
    localStorage.removeItem(LOCAL_KEYS.lastConversationSetup);
    localStorage.removeItem(LOCAL_KEYS.lastSelectedModel);
  } catch {
    // storage unavailable
  }
}

/**
 * A deleted account clears local and session storage and cookies (those script
 * can reach: the httpOnly refresh cookie is cleared by the server, and its session is gone).
 */
function clearAllStorage(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage unavailable
  }
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

const DELETED_LOGIN_PATH = '/login?message=account_deleted';
/** A banned user is logged out to /login, which shows the banned text. */
const BANNED_LOGIN_PATH = '/login?message=banned';

function isAccountDeleted(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'account_deleted' || /deleted/i.test(err.message));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useStableNavigate();
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [session, setSessionState] = useState<AuthResponse | null>(null);
  const [accountDeleted, setAccountDeleted] = useState(false);
  const [banned, setBanned] = useState(false);
  /** Where the last sign-out went (its redirect), until the next session starts. */
  const [exitPath, setExitPath] = useState<string | null>(null);

  useEffect(() => {
    let heard = false;
    const onChange = (next: AuthResponse | null, cause?: unknown): void => {
      heard = true;
      setSessionState(next);
      setStatus(next ? 'authenticated' : 'unauthenticated');
      // A refresh refused because the account was deleted, at start-up or mid-session (a request
      // answered 401 and the refresh it triggered 403): the deleted-account path of the spec.
      const deleted = !next && isAccountDeleted(cause);
      setAccountDeleted(deleted);
      if (deleted) {
        clearAllStorage();
        navigate(DELETED_LOGIN_PATH, { replace: true });
      }
      // Any error answer (or a stream's error event) of a banned user ended the session
      // (api/http.ts endSessionIfBanned), or the refresh was refused with the ban.
      const isBanned = !next && !deleted && cause instanceof ApiError && cause.code === 'banned';
      setBanned(isBanned);
      if (isBanned) {
        queryClient.clear();
        clearLocalSetup();
        navigate(BANNED_LOGIN_PATH, { replace: true });
      }
    };
    const off = onSessionChange(onChange);
    // Start unauthenticated and silently ask for a token when the browser may hold a session (a
    // visitor's does not: no request); a failure is handled by the listener above. The boot
    // refresh (main.tsx) may have asked already, and may have ended before this listener was
    // there: its outcome is taken then.
    const boot = takeBootRefresh();
    if (boot) {
      boot.then(
        (next) => heard || onChange(next),
        (err: unknown) => heard || onChange(null, err),
      );
    } else {
      resumeSession().catch(() => {});
    }
    return off;
  }, [navigate, queryClient]);

  const startSession = useCallback(
    (res: AuthResponse) => {
      queryClient.clear();
      clearLocalSetup();
      setExitPath(null);
      setSession(res);
    },
    [queryClient],
  );

  const login = useCallback(
    async (body: { email: string; password: string }) => {
      try {
        const res = await postLogin(body);
        if ('twoFAPending' in res) return res;
        startSession(res);
        return null;
      } catch (err) {
        if (isAccountDeleted(err)) clearAllStorage();
        throw err;
      }
    },
    [startSession],
  );

  const register = useCallback(
    async (body: RegisterInput) => {
      const res = await postRegister(body);
      if ('verifyEmail' in res) return res;
      startSession(res);
      return null;
    },
    [startSession],
  );

  /** Forget cached data and the local setup, then go where the server said. */
  const endSession = useCallback(
    (redirect: string) => {
      queryClient.clear();
      clearLocalSetup();
      // Where the chat routes send the signed-out too (RequireAuth): the navigation below may
      // wait for its page's code while their own redirect fires, and must not be overtaken.
      if (!/^https?:\/\//.test(redirect)) setExitPath(redirect);
      setSession(null);
      if (/^https?:\/\//.test(redirect)) window.location.assign(redirect);
      else navigate(redirect, { replace: true });
    },
    [navigate, queryClient],
  );

  const signInFreeTier = useCallback(
    async (fingerprint: string) => startSession(await postCheckFreeTier(fingerprint)),
    [startSession],
  );

  const logout = useCallback(
    async (to?: string) => {
      let redirect = '/login';
      const signOut = await beginSignOut();
      try {
        const res = await postLogout();
        if (res?.redirect) redirect = res.redirect;
      } catch {
        // the local session ends anyway
      }
      endSession(to ?? redirect);
      signOut.end();
    },
    [endSession],
  );

  const logoutEverywhere = useCallback(async () => {
    const signOut = await beginSignOut();
    try {
      const res = await postLogoutAll();
      endSession(res.redirect ?? '/login');
    } finally {
      signOut.end();
    }
  }, [endSession]);

  const endDeletedAccount = useCallback(() => {
    queryClient.clear();
    // The session listener above takes the deleted-account path.
    setSession(null, new ApiError(410, 'account_deleted', 'This account has been deleted'));
  }, [queryClient]);

  const switchSession = useCallback(
    (res: AuthResponse, to = '/c/new') => {
      startSession(res);
      navigate(to, { replace: true });
    },
    [startSession, navigate],
  );

  const setUser = useCallback(
    (user: User) => setSessionState((current) => (current ? { ...current, user } : current)),
    [],
  );

  const value = useMemo<AuthState>(
    () => ({
      status,
      user: session?.user ?? null,
      token: session?.token ?? null,
      isAuthenticated: status === 'authenticated',
      isOperator: session?.operator === true,
      impersonating: session?.impersonating === true,
      loginPath: accountDeleted ? DELETED_LOGIN_PATH : banned ? BANNED_LOGIN_PATH : (exitPath ?? '/login'),
      mayReturn: !accountDeleted && !banned && exitPath === null,
      login,
      register,
      signInFreeTier,
      logout,
      logoutEverywhere,
      endDeletedAccount,
      switchSession,
      setUser,
    }),
    [
      status,
      session,
      accountDeleted,
      banned,
      exitPath,
      login,
      register,
      signInFreeTier,
      logout,
      logoutEverywhere,
      endDeletedAccount,
      switchSession,
      setUser,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
