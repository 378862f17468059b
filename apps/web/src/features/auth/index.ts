/** What other features may use of auth: the signed-in session. */
export { useAuth, type AuthState } from './auth-context';
