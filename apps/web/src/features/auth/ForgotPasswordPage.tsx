import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { FORGOT_PASSWORD_ERROR_MS, requestPasswordResetSchema } from '@chat/contract';
import { requestPasswordReset } from './api';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { AuthLayout } from './AuthLayout';
import { AuthLink, AuthText } from './AuthLinks';
import { fieldErrors } from './validation';

/** Only links to our own pages over http(s) are shown as the click-here link. */
function safeLink(link: string | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Forgot password: an email form; the link is mailed, or shown when mail is off. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState<{ link: string | null } | null>(null);

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(false), FORGOT_PASSWORD_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failed]);

  const error = touched ? fieldErrors(requestPasswordResetSchema, { email }).email : undefined;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (fieldErrors(requestPasswordResetSchema, { email }).email) return;
    setPending(true);
    setFailed(false);
    try {
      const res = await requestPasswordReset(email.trim());
      setSent({ link: safeLink(res.link) });
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  const footer = <AuthLink to="/login">{t('com_auth_back_to_login')}</AuthLink>;

  return (
    <AuthLayout title={t('com_auth_reset_password')} footer={footer}>
      {failed && (
        <Alert data-testid="auth-error" className="mb-5">
          {t('com_auth_error_reset_request')}
        </Alert>
      )}
      {sent ? (
        sent.link ? (
          <a
            href={sent.link}
            className="block text-center text-sm font-medium text-ring-primary hover:underline"
            data-testid="reset-link"
          >
            {t('com_auth_reset_password_click_here')}
          </a>
        ) : (
          <AuthText testId="reset-link-sent">{t('com_auth_reset_password_link_sent')}</AuthText>
        )
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <AuthText>{t('com_auth_reset_password_intro')}</AuthText>
          <TextField
            label={t('com_auth_email_address')}
            type="email"
            name="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setTouched(true);
            }}
            error={error && t(error)}
            data-testid="forgot-email"
          />
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={pending}
            disabled={!!error}
            className="mt-2"
            data-testid="forgot-submit"
          >
            {t('com_auth_continue')}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
