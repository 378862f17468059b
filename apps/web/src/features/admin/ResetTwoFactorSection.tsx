import { useState, type FormEvent } from 'react';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from '../../api/call';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { errorText } from './errors';
import { Section } from './Section';

/**
 * Resets a user's second factor (two-factor authentication off, passkeys removed) for someone who
 * lost their authenticator: they sign in with their password alone and set it up again.
 */
export function ResetTwoFactorSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const target = email.trim();
    if (!target) {
      console.warn('Enter the email of the user whose second factor to reset');
      return;
    }
    setBusy(true);
    try {
      const done = await callApi(API_ROUTE_PATHS.resetTwoFactor, { body: { email: target } });
      toast.show({ message: t('com_admin_reset_2fa_done', { email: done.email }), severity: 'success' });
      setEmail('');
    } catch (err) {
      toast.show({ message: errorText(t, err), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      title={t('com_admin_reset_2fa')}
      description={t('com_admin_reset_2fa_help')}
      testId="admin-reset-2fa"
    >
      <form className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('com_admin_user_email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="admin-reset-2fa-email"
        />
        <Button type="submit" variant="danger" loading={busy} data-testid="admin-reset-2fa-submit">
          {t('com_admin_reset_2fa_submit')}
        </Button>
      </form>
    </Section>
  );
}
