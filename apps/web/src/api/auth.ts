import {
  API_ROUTE_PATHS,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
  type RegisterResponse,
} from '@chat/contract';
import { callApi } from './call';

export function postLogin(body: LoginRequest): Promise<AuthResponse> {
  return callApi(API_ROUTE_PATHS.login, { body });
}

export function postRegister(
  body: Pick<RegisterRequest, 'name' | 'email' | 'password' | 'confirm_password' | 'fingerprint'>,
): Promise<RegisterResponse> {
  return callApi(API_ROUTE_PATHS.register, { body });
}

/** Business §4 Free-tier flow: the device's free-tier account, signed in (made on first use). */
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
