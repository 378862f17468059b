import { createContext, useContext } from 'react';
import type {
  AuthResponse,
  LoginRequest,
  RegisterPending,
  RegisterRequest,
  TwoFactorPending,
  User,
} from '@chat/contract';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type RegisterInput = Pick<
  RegisterRequest,
  'name' | 'email' | 'password' | 'confirm_password' | 'fingerprint'
>;

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  /** The account is the operator's (the server's word at sign-in): the Admin link shows. Display only. */
  isOperator: boolean;
  /** The session is the operator's impersonation of `user`: the chat shows its banner. */
  impersonating: boolean;
  /** Where a signed-out person goes: /login, with the deleted-account notice when that ended it. */
  loginPath: string;
  /**
   * The session went missing by itself (none at the start, a refresh refused), not by signing out
   * or an ended account: signing in may return to the page the person was on (`redirect_to`).
   */
  mayReturn: boolean;
  /**
   * Signs in; or, for an account with two-factor authentication, answers the code step's pending
   * token (no session yet). Throws ApiError on failure (the caller shows the mapped message).
   */
  login: (body: LoginRequest) => Promise<TwoFactorPending | null>;
  /** Signs in; or, when the server mails a confirmation first, answers what /verify-email shows. */
  register: (body: RegisterInput) => Promise<RegisterPending | null>;
  /** Signs in the device's free-tier account (Try Now). Throws ApiError on failure. */
  signInFreeTier: (fingerprint: string) => Promise<void>;
  /** POST /api/auth/logout, then go to `to`, else the returned redirect or /login. */
  logout: (to?: string) => Promise<void>;
  /**
   * POST /api/auth/logout/all (every session of the account ends, this one too), then the same
   * path as logout. Throws, keeping the session here, when the server refused.
   */
  logoutEverywhere: () => Promise<void>;
  /**
   * The person deleted their account here (DELETE /api/user answered): the session ends as for a
   * deleted account (storage cleared, /login?message=account_deleted).
   */
  endDeletedAccount: () => void;
  /**
   * Replaces the session with another the server answered (impersonation and its end): cached
   * data and the local setup are forgotten, then `to` (/c/new unless given).
   */
  switchSession: (res: AuthResponse, to?: string) => void;
  /** The signed-in user as the server last answered it (a plugin installed or uninstalled). */
  setUser: (user: User) => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within <AuthProvider>');
  return ctx;
}
