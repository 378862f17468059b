import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../hooks/useTranslation';
import { resendConfirmEmail } from './api';
import { Button } from '../../components/ui/Button';
import { AuthLayout } from './AuthLayout';
import { AuthLink, AuthText } from './AuthLinks';

/** Verify email: the address the mail went to, and one resend. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const userId = params.get('userId') ?? '';
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');

  const resend = async () => {
    setResent('sending');
    try {
      await resendConfirmEmail(userId ? { userId } : { email });
    } catch (err) {
      // Logged only (the button is spent either way): a warning, as the page handles it.
      console.warn('resend confirmation failed', err);
    }
    // Disabled after one use, whatever the answer.
    setResent('sent');
  };

  return (
    <AuthLayout
      title={t('com_auth_verify_email_title')}
      footer={<AuthLink to="/login">{t('com_auth_back_to_login')}</AuthLink>}
    >
      <div className="flex flex-col gap-5">
        <AuthText testId="verify-email-text">{t('com_auth_verify_email_sent', { email })}</AuthText>
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          loading={resent === 'sending'}
          disabled={resent !== 'idle' || (!userId && !email)}
          onClick={() => void resend()}
          data-testid="verify-email-resend"
        >
          {resent === 'sent' ? t('com_auth_verify_email_resent') : t('com_auth_verify_email_resend')}
        </Button>
      </div>
    </AuthLayout>
  );
}
