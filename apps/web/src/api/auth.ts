import type { AuthResponse, LoginRequest, RegisterRequest } from '@chat/contract';
import { apiJson } from './http';

export interface LogoutResponse {
  message: string;
  redirect?: string;
}

export function postLogin(body: LoginRequest): Promise<AuthResponse> {
  return apiJson<AuthResponse>('/api/auth/login', { method: 'POST', json: body });
}

export function postRegister(
  body: Pick<RegisterRequest, 'name' | 'email' | 'password' | 'confirm_password'>,
): Promise<AuthResponse> {
  return apiJson<AuthResponse>('/api/auth/register', { method: 'POST', json: body });
}

export function postLogout(): Promise<LogoutResponse> {
  return apiJson<LogoutResponse>('/api/auth/logout', { method: 'POST' });
}
