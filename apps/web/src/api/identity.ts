import {
  API_ROUTE_PATHS,
  type RequestPasswordResetResponse,
  type ResetPasswordRequest,
} from '@chat/contract';
import { callApi } from './call';

/** Email verification and password reset (business §2), all reached signed out. */
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
