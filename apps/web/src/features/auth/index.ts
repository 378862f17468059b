/** What other features may use of auth: the signed-in session. */
export { useAuth } from './auth-context';
export { useSignInRedirect } from './useSignInRedirect';
export { TermsDialog } from './TermsDialog';
export { RETURN_PARAM, safeReturnPath } from './return-path';
export { AuthLayout } from './AuthLayout';
