import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { useAuth } from '../auth';
import { impersonate } from './api';
import { errorText } from './errors';
import { Section } from './Section';

/**
 * Impersonation replaces the session with the target's user and token and goes to
 * /c/new (the chat then shows the "viewing as" banner with the way back).
 */
export function ImpersonateSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const { switchSession } = useAuth();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const target = email.trim();
    if (!target) {
      console.warn('Enter the email of the user to impersonate');
      return;
    }
    setBusy(true);
    try {
      switchSession(await impersonate(target));
    } catch (err) {
      toast.show({ message: errorText(t, err), severity: 'error' });
      setBusy(false);
    }
  };

  return (
    <Section
      title={t('com_admin_impersonate')}
      description={t('com_admin_impersonate_help')}
      testId="admin-impersonate"
    >
      <form className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={t('com_admin_user_email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="admin-impersonate-email"
        />
        <Button type="submit" loading={busy} data-testid="admin-impersonate-submit">
          {t('com_admin_impersonate_submit')}
        </Button>
      </form>
    </Section>
  );
}
