import { Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../hooks/useTranslation';
import {
  ERROR_TEXT_KEYS,
  FREE_TIER_QUERY,
  isOAuthErrorCode,
  loginRequestSchema,
  OAUTH_ERROR_TEXT_KEYS,
  TWO_FACTOR_LOGIN_PATH,
  usernameLoginRequestSchema,
} from '@chat/contract';
import { useStartupConfig } from '../../api/config';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { useAuth } from './auth-context';
import { AuthLayout } from './AuthLayout';
import { loginErrorKey } from './errors';
import { RETURN_PARAM, safeReturnPath } from './return-path';
import { SocialLogins } from './SocialLogins';
import { fieldErrors } from './validation';
import { deviceFingerprint } from './fingerprint';
import { useStableNavigate } from '../../hooks/useStableNavigate';

type Field = 'email' | 'password';

/** ?message=account_deleted, or ?error=<code> from a social sign-in's callback. */
function initialErrorKey(params: URLSearchParams): string | null {
  const message = params.get('message');
  if (message === 'account_deleted') return ERROR_TEXT_KEYS.account_deleted;
  // A banned user logged out lands here with the banned text.
  if (message === 'banned') return ERROR_TEXT_KEYS.banned;
  const error = params.get('error');
  return error && isOAuthErrorCode(error) ? OAUTH_ERROR_TEXT_KEYS[error] : null;
}

/**
 * The sign-in page. `extra` is what other features add under the social buttons (the app shell
 * passes two-factor's "Sign in with a passkey"), loaded on its own.
 */
export default function LoginPage({ extra }: { extra?: ReactNode } = {}) {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const { status, login, signInFreeTier } = useAuth();
  const location = useLocation();
  const { data: config } = useStartupConfig();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(() => initialErrorKey(params));

  // Try Now's route state (the site's FreeTierRouteState) signs the device's
  // free-tier account in, once; a server-rendered page's Try Now (a full page load) sends the same
  // as the query marker.
  const freeTier =
    (location.state as { freeTier?: unknown } | null)?.freeTier === true ||
    params.get(FREE_TIER_QUERY) === '1';
  const [startingFreeTier, setStartingFreeTier] = useState(freeTier);
  const freeTierStarted = useRef(false);
  useEffect(() => {
    if (!freeTier || status !== 'unauthenticated' || freeTierStarted.current) return;
    freeTierStarted.current = true;
    void (async () => {
      try {
        const fingerprint = await deviceFingerprint();
        if (!fingerprint) throw new Error('no device fingerprint');
        await signInFreeTier(fingerprint);
      } catch (err) {
        console.warn('free tier:', err);
        setErrorKey('com_auth_free_tier_failed');
      } finally {
        setStartingFreeTier(false);
      }
    })();
  }, [freeTier, status, signInFreeTier]);

  if (status === 'loading' || (startingFreeTier && status !== 'authenticated')) return <FullPageSpinner />;
  if (status === 'authenticated' && !pending) {
    // Back to the page that sent the person here (LibreChat's redirect_to), else a new chat.
    return <Navigate to={safeReturnPath(params.get(RETURN_PARAM)) ?? '/c/new'} replace />;
  }

  // LDAP_LOGIN_USES_USERNAME: the first field is the directory username (still sent as `email`).
  const usesUsername = config?.ldap?.username === true;
  const schema = usesUsername ? usernameLoginRequestSchema : loginRequestSchema;
  const errors = submitted ? fieldErrors(schema, values) : {};
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(fieldErrors(schema, values)).length > 0) return;
    setPending(true);
    setErrorKey(null);
    try {
      const pendingStep = await login({ email: values.email.trim(), password: values.password });
      // Two-factor authentication: the code step, its token in the history state (not the URL),
      // the way back kept in the query.
      if (pendingStep) {
        navigate(`${TWO_FACTOR_LOGIN_PATH}${location.search}`, {
          state: { tempToken: pendingStep.tempToken },
        });
      }
    } catch (err) {
      setErrorKey(loginErrorKey(err));
    } finally {
      setPending(false);
    }
  };

  const emailLogin = config?.emailLoginEnabled ?? true;
  const footer =
    config?.registrationEnabled !== false ? (
      <>
        {t('com_auth_no_account')}{' '}
        <Link to="/register" className="font-medium text-ring-primary hover:underline">
          {t('com_auth_sign_up')}
        </Link>
      </>
    ) : null;

  return (
    <AuthLayout title={t('com_auth_welcome_back')} footer={footer}>
      {errorKey && (
        <Alert data-testid="auth-error" className="mb-5">
          {t(errorKey)}
          {errorKey === ERROR_TEXT_KEYS.email_not_verified && values.email.trim() && (
            <>
              {' '}
              <Link
                to={`/verify-email?email=${encodeURIComponent(values.email.trim())}`}
                className="font-medium underline"
                data-testid="login-verify-email"
              >
                {t('com_auth_verify_email_new_link')}
              </Link>
            </>
          )}
        </Alert>
      )}
      {emailLogin && (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            label={usesUsername ? t('com_auth_username') : t('com_auth_email_address')}
            type={usesUsername ? 'text' : 'email'}
            name="email"
            autoComplete={usesUsername ? 'username' : 'email'}
            autoFocus
            value={values.email}
            onChange={set('email')}
            error={errors.email && t(errors.email)}
            data-testid="login-email"
          />
          <TextField
            label={t('com_auth_password')}
            type="password"
            name="password"
            autoComplete="current-password"
            revealable
            value={values.password}
            onChange={set('password')}
            error={errors.password && t(errors.password)}
            data-testid="login-password"
          />
          {config?.passwordResetEnabled !== false && (
            <div className="-mt-1 text-end text-sm">
              <Link
                to="/forgot-password"
                className="font-medium text-ring-primary hover:underline"
                data-testid="login-forgot-password"
              >
                {t('com_auth_password_forgot')}
              </Link>
            </div>
          )}
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={pending}
            className="mt-2"
            data-testid="login-submit"
          >
            {pending ? t('com_auth_logging_in') : t('com_auth_continue')}
          </Button>
        </form>
      )}
      <SocialLogins config={config} divider={emailLogin} />
      {extra && <Suspense fallback={null}>{extra}</Suspense>}
      {config?.demoEndpoint && (
        <p className="mt-5 text-center text-xs text-text-tertiary">{t('com_auth_demo_note')}</p>
      )}
    </AuthLayout>
  );
}
