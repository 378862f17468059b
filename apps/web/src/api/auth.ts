import {
  API_ROUTES,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
  type RegisterResponse,
} from '@chat/contract';
import { callApi } from './call';

export function postLogin(body: LoginRequest): Promise<AuthResponse> {
  return callApi(API_ROUTES.login, { body });
}

export function postRegister(
  body: Pick<RegisterRequest, 'name' | 'email' | 'password' | 'confirm_password'>,
): Promise<RegisterResponse> {
  return callApi(API_ROUTES.register, { body });
}

export function postLogout() {
  return callApi(API_ROUTES.logout, {});
}
