import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  type AuthResponse,
  type LoginRequest,
  type LoginResponse,
  type RegisterRequest,
  type RegisterResponse,
  type RequestPasswordResetResponse,
  type ResetPasswordRequest,
  type TermsStatus,
} from '@chat/contract';
import { callApi } from '../../api/call';
import { queryKeys } from '../../api/keys';

/** The session, or (two-factor authentication) the code step's `{ twoFAPending, tempToken }`. */
export function postLogin(body: LoginRequest): Promise<LoginResponse> {
  return callApi(API_ROUTE_PATHS.login, { body });
}

export function postRegister(
  body: Pick<RegisterRequest, 'name' | 'email' | 'password' | 'confirm_password' | 'fingerprint'>,
): Promise<RegisterResponse> {
  return callApi(API_ROUTE_PATHS.register, { body });
}

/** Free-tier flow: the device's free-tier account, signed in (made on first use). */
export function postCheckFreeTier(fingerprint: string): Promise<AuthResponse> {
  return callApi(API_ROUTE_PATHS.checkFreeTier, { query: { fingerprint } });
}

export function postLogout() {
  return callApi(API_ROUTE_PATHS.logout, {});
}

/** Sign out everywhere: every session of the account ends, this one too. */
export function postLogoutAll() {
  return callApi(API_ROUTE_PATHS.logoutAll, {});
}

/** Email verification and password reset, all reached signed out. */
export function requestPasswordReset(email: string): Promise<RequestPasswordResetResponse> {
  return callApi(API_ROUTE_PATHS.requestPasswordReset, { body: { email } });
}

export function resetPassword(body: ResetPasswordRequest) {
  return callApi(API_ROUTE_PATHS.resetPassword, { body });
}

/** By the account's id (after registration) or its address (from the login page). */
export function resendConfirmEmail(who: { userId: string } | { email: string }) {
  return callApi(API_ROUTE_PATHS.resendConfirmEmail, { query: who });
}

export function confirmEmail(token: string) {
  return callApi(API_ROUTE_PATHS.emailConfirmation, { query: { token } });
}

/** GET /api/user/terms, asked only when the operator's terms dialog is on. */
export function useTermsStatus(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.terms,
    queryFn: () => callApi(API_ROUTE_PATHS.termsStatus, {}),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/user/terms/accept: once accepted, the dialog is not asked again. */
export function useAcceptTerms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API_ROUTE_PATHS.acceptTerms, {}),
    onSuccess: () => qc.setQueryData<TermsStatus>(queryKeys.terms, { termsAccepted: true }),
  });
}
