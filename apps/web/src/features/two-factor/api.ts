import { API_ROUTE_PATHS, type TwoFactorCode } from '@chat/contract';
import { callApi } from '../../api/call';
import { ApiError } from '../../api/http';

/** LibreChat's two-factor calls and the passkeys', as the settings and the sign-in pages make them. */
export const twoFactorApi = {
  enable: () => callApi(API_ROUTE_PATHS.twoFactorEnable, {}),
  verify: (code: TwoFactorCode) => callApi(API_ROUTE_PATHS.twoFactorVerify, { body: code }),
  confirm: (token: string) => callApi(API_ROUTE_PATHS.twoFactorConfirm, { body: { token } }),
  disable: (code: TwoFactorCode) => callApi(API_ROUTE_PATHS.twoFactorDisable, { body: code }),
  regenerate: (code: TwoFactorCode) =>
    callApi(API_ROUTE_PATHS.twoFactorRegenerateBackupCodes, { body: code }),
  verifyTemp: (tempToken: string, code: TwoFactorCode) =>
    callApi(API_ROUTE_PATHS.twoFactorVerifyTemp, { body: { tempToken, ...code } }),
  passkeys: () => callApi(API_ROUTE_PATHS.passkeys, {}),
  registerOptions: () => callApi(API_ROUTE_PATHS.passkeyRegisterOptions, {}),
  register: (challengeId: string, response: Record<string, unknown>, name: string) =>
    callApi(API_ROUTE_PATHS.passkeyRegister, { body: { challengeId, response, ...(name ? { name } : {}) } }),
  deletePasskey: (id: string) => callApi(API_ROUTE_PATHS.deletePasskey, { params: { id } }),
  loginOptions: () => callApi(API_ROUTE_PATHS.passkeyLoginOptions, {}),
  login: (challengeId: string, response: Record<string, unknown>) =>
    callApi(API_ROUTE_PATHS.passkeyLogin, { body: { challengeId, response } }),
};

/** The text of a refused code: too many tries, a wrong code, else the general failure. */
export function codeErrorKey(err: unknown): string {
  if (err instanceof ApiError && err.status === 429) return 'com_ui_2fa_too_many';
  if (err instanceof ApiError && (err.status === 400 || err.status === 401)) return 'com_ui_2fa_invalid';
  return 'com_ui_2fa_error';
}

/** A code as the person typed it: an app code is six digits, anything else is a backup code. */
export function codeOf(text: string, backup: boolean): TwoFactorCode {
  const trimmed = text.trim();
  return backup ? { backupCode: trimmed } : { token: trimmed.replace(/[\s-]/g, '') };
}
