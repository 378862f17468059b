import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useTranslation } from '../../hooks/useTranslation';
import { resetPasswordRequestSchema } from '@chat/contract';
import { ApiError } from '../../api/http';
import { resetPassword } from './api';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { AuthLayout } from './AuthLayout';
import { AuthLink, AuthText } from './AuthLinks';
import { registerErrorDetail } from './errors';
import { fieldErrors } from './validation';

type Field = 'token' | 'userId' | 'password' | 'confirm_password';

/**
 * Reset password: new password and its confirmation (no pasting into the
 * confirmation), the link's token and userId as hidden fields; then a success screen.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({
    token: params.get('token') ?? '',
    userId: params.get('userId') ?? '',
    password: '',
    confirm_password: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [pending, setPending] = useState(false);
  const [invalidToken, setInvalidToken] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const all = fieldErrors(resetPasswordRequestSchema, values);
  const shown = (f: Field) => (touched[f] ? all[f] : undefined);
  // The hidden fields' texts are shown above the form once a submit was tried.
  const hiddenError = shown('token') ?? shown('userId');
  const hasErrors = (['password', 'confirm_password'] as const).some((f) => shown(f));

  const set = (field: 'password' | 'confirm_password') => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setTouched((tch) => ({
      ...tch,
      [field]: true,
      ...(field === 'password' && values.confirm_password ? { confirm_password: true } : {}),
    }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ token: true, userId: true, password: true, confirm_password: true });
    if (Object.keys(all).length > 0) return;
    setPending(true);
    setServerError(null);
    setInvalidToken(false);
    try {
      await resetPassword(values);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_token') setInvalidToken(true);
      else setServerError(registerErrorDetail(err, t));
    } finally {
      setPending(false);
    }
  };

  if (done) {
    return (
      <AuthLayout title={t('com_auth_reset_password_success')}>
        <div className="flex flex-col gap-5">
          <AuthText testId="reset-success">{t('com_auth_login_with_new_password')}</AuthText>
          <Button size="lg" fullWidth onClick={() => navigate('/login')} data-testid="reset-continue">
            {t('com_auth_continue')}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('com_auth_reset_password')}>
      {invalidToken && (
        <Alert data-testid="auth-error" className="mb-5">
          {t('com_auth_error_invalid_reset_token')}{' '}
          <AuthLink to="/forgot-password" testId="reset-try-again">
            {t('com_auth_reset_try_again')}
          </AuthLink>
        </Alert>
      )}
      {(hiddenError || serverError) && !invalidToken && (
        <Alert data-testid="auth-error" className="mb-5">
          {hiddenError ? t(hiddenError) : serverError}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <input type="hidden" name="token" value={values.token} />
        <input type="hidden" name="userId" value={values.userId} />
        <TextField
          label={t('com_auth_new_password')}
          type="password"
          name="password"
          autoComplete="new-password"
          revealable
          autoFocus
          value={values.password}
          onChange={set('password')}
          error={shown('password') && t(shown('password')!)}
          data-testid="reset-password"
        />
        <TextField
          label={t('com_auth_password_confirm')}
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          revealable
          value={values.confirm_password}
          onChange={set('confirm_password')}
          onPaste={(e) => e.preventDefault()}
          error={shown('confirm_password') && t(shown('confirm_password')!)}
          data-testid="reset-confirm-password"
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={pending}
          disabled={hasErrors}
          className="mt-2"
          data-testid="reset-submit"
        >
          {t('com_auth_reset_password_submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
