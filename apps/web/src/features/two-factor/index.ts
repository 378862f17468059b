/**
 * A second factor: Settings → Account's two-factor authentication and passkeys lines, the sign-in
 * code step (/login/2fa) and the login page's passkey button (both loaded by the app shell).
 */
export { twoFactorSlots } from './slots';
