import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useTranslation } from '../../hooks/useTranslation';
import { confirmEmail } from './api';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { AuthLayout } from './AuthLayout';
import { AuthLink, AuthText } from './AuthLinks';

/** Email confirmation: the mailed link's token confirms the address once. */
export default function EmailConfirmationPage() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'confirming' | 'confirmed' | 'failed'>(token ? 'confirming' : 'failed');
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the token is spent by the first call (React's dev double effects included).
    if (!token || sent.current) return;
    sent.current = true;
    confirmEmail(token).then(
      () => setState('confirmed'),
      (err: unknown) => {
        // Confirmation failures are only logged; the page says the link is spent. A warning, not
        // an error: a spent or replaced link is an expected outcome the page handles.
        console.warn('email confirmation failed', err);
        setState('failed');
      },
    );
  }, [token]);

  if (state === 'confirming') {
    return (
      <AuthLayout title={t('com_auth_email_confirmation_title')}>
        <div className="flex items-center justify-center gap-3 text-sm text-text-secondary">
          <Spinner />
          {t('com_auth_email_confirming')}
        </div>
      </AuthLayout>
    );
  }
  if (state === 'failed') {
    return (
      <AuthLayout
        title={t('com_auth_email_confirmation_title')}
        footer={<AuthLink to="/login">{t('com_auth_back_to_login')}</AuthLink>}
      >
        <AuthText testId="email-confirmation-failed">{t('com_auth_email_confirmation_failed')}</AuthText>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('com_auth_email_confirmation_title')}>
      <div className="flex flex-col gap-5">
        <AuthText testId="email-confirmed">{t('com_auth_email_confirmed')}</AuthText>
        <Button size="lg" fullWidth onClick={() => navigate('/login')} data-testid="email-confirmed-sign-in">
          {t('com_auth_sign_in')}
        </Button>
      </div>
    </AuthLayout>
  );
}
