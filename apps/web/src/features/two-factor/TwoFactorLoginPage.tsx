import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { TEMP_TOKEN_PARAM, TWO_FACTOR_LOGIN_PATH, TWO_FACTOR_TEXTS } from '@chat/contract';
import { ApiError } from '../../api/http';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useTranslation } from '../../hooks/useTranslation';
import { AuthLayout, RETURN_PARAM, safeReturnPath, useAuth } from '../auth';
import { codeErrorKey, codeOf, twoFactorApi } from './api';
import { CodeField } from './CodeField';

/**
 * Sign-in's second step (LibreChat's /login/2fa): a code from the authenticator app, or one of
 * the backup codes. The login's short-lived token comes in the history state (a password sign-in)
 * or as ?tempToken= (a social or OpenID sign-in), which is moved into the state at once so the
 * address bar and history do not keep it.
 */
export default function TwoFactorLoginPage() {
  const { t } = useTranslation();
  const { status, switchSession } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useStableNavigate();
  const fromQuery = params.get(TEMP_TOKEN_PARAM);
  const tempToken = (location.state as { tempToken?: unknown } | null)?.tempToken;
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));

  useEffect(() => {
    if (!fromQuery) return;
    const rest = new URLSearchParams(params);
    rest.delete(TEMP_TOKEN_PARAM);
    const search = rest.toString();
    navigate(`${TWO_FACTOR_LOGIN_PATH}${search ? `?${search}` : ''}`, {
      replace: true,
      state: { tempToken: fromQuery },
    });
  }, [fromQuery, params, navigate]);

  if (fromQuery) return <FullPageSpinner />;
  if (status === 'authenticated' && !busy) return <Navigate to={returnTo ?? '/c/new'} replace />;
  if (typeof tempToken !== 'string' || !tempToken) return <Navigate to="/login" replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setErrorKey(backup ? 'com_ui_backup_code_required' : 'com_ui_2fa_code_required');
      return;
    }
    setBusy(true);
    setErrorKey(null);
    try {
      switchSession(await twoFactorApi.verifyTemp(tempToken, codeOf(code, backup)), returnTo ?? '/c/new');
    } catch (err) {
      if (err instanceof ApiError && err.message === TWO_FACTOR_TEXTS.invalidTempToken) setExpired(true);
      setErrorKey(codeErrorKey(err));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('com_auth_verify_your_identity')}
      footer={
        <Link
          to="/login"
          className="font-medium text-ring-primary hover:underline"
          data-testid="two-factor-back"
        >
          {t('com_auth_back_to_login')}
        </Link>
      }
    >
      <p className="mb-5 text-center text-sm text-text-secondary">
        {backup ? t('com_auth_backup_code_hint') : t('com_auth_two_factor')}
      </p>
      {(errorKey || expired) && (
        <Alert data-testid="two-factor-error" className="mb-5">
          {expired ? t('com_ui_2fa_code_expired') : t(errorKey ?? 'com_ui_2fa_error')}
        </Alert>
      )}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <CodeField
          key={backup ? 'backup' : 'app'}
          value={code}
          onChange={setCode}
          backup={backup}
          autoFocus
          testId="two-factor-code"
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={busy}
          disabled={expired}
          data-testid="two-factor-submit"
        >
          {t('com_ui_verify')}
        </Button>
        <button
          type="button"
          className="text-sm font-medium text-ring-primary hover:underline"
          onClick={() => {
            setBackup((b) => !b);
            setCode('');
            setErrorKey(null);
          }}
          data-testid="two-factor-switch"
        >
          {backup ? t('com_ui_use_2fa_code') : t('com_ui_use_backup_code')}
        </button>
      </form>
    </AuthLayout>
  );
}
