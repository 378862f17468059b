import { API_ROUTES, type RequestPasswordResetResponse, type ResetPasswordRequest } from '@chat/contract';
import { callApi } from './call';

/** Email verification and password reset (business §2), all reached signed out. */
export function requestPasswordReset(email: string): Promise<RequestPasswordResetResponse> {
  return callApi(API_ROUTES.requestPasswordReset, { body: { email } });
}

export function resetPassword(body: ResetPasswordRequest) {
  return callApi(API_ROUTES.resetPassword, { body });
}

export function resendConfirmEmail(userId: string) {
  return callApi(API_ROUTES.resendConfirmEmail, { query: { userId } });
}

export function confirmEmail(token: string) {
  return callApi(API_ROUTES.emailConfirmation, { query: { token } });
}
