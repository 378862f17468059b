import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useStableNavigate } from '../../hooks/useStableNavigate';
import { useTranslation } from '../../hooks/useTranslation';
import { registerRequestSchema } from '@chat/contract';
import { ApiError } from '../../api/http';
import { useStartupConfig } from '../../api/config';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { useAuth } from './auth-context';
import { AuthLayout } from './AuthLayout';
import { fieldErrors, type FieldErrors } from './validation';
import { registerErrorDetail } from './errors';
import { SocialLogins } from './SocialLogins';
import { deviceFingerprint } from './fingerprint';

type Field = 'name' | 'email' | 'password' | 'confirm_password';
const FIELDS: Field[] = ['name', 'email', 'password', 'confirm_password'];
const EMPTY: Record<Field, string> = { name: '', email: '', password: '', confirm_password: '' };

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const { status, register } = useAuth();
  const navigate = useStableNavigate();
  const { data: config, isPending: configPending } = useStartupConfig();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<FieldErrors<Field>>({});

  if (status === 'loading' || configPending) return <FullPageSpinner />;
  if (status === 'authenticated' && !pending) return <Navigate to="/c/new" replace />;
  if (config && !config.registrationEnabled) return <Navigate to="/login" replace />;

  // Validation runs on change; only fields the person has changed (or all, after a submit) show errors.
  const allErrors = fieldErrors(registerRequestSchema, values);
  const shown: FieldErrors<Field> = {};
  for (const f of FIELDS) {
    const msg = (touched[f] && allErrors[f]) || serverFieldErrors[f];
    if (msg) shown[f] = msg;
  }
  const hasErrors = Object.keys(shown).length > 0;

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setTouched((tch) => ({
      ...tch,
      [field]: true,
      ...(field === 'password' && values.confirm_password ? { confirm_password: true } : {}),
    }));
    setServerFieldErrors((s) => ({ ...s, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ name: true, email: true, password: true, confirm_password: true });
    if (Object.keys(allErrors).length > 0) return;
    setPending(true);
    setServerError(null);
    try {
      // The payload carries the device fingerprint (ipAddress: see fingerprint.ts).
      const fingerprint = await deviceFingerprint();
      const pending = await register({
        ...values,
        name: values.name.trim(),
        email: values.email.trim(),
        ...(fingerprint ? { fingerprint } : {}),
      });
      if (pending) {
        const query = new URLSearchParams({ email: pending.email, userId: pending.userId });
        navigate(`/verify-email?${query.toString()}`, { replace: true });
      }
    } catch (err) {
      setServerError(registerErrorDetail(err, t));
      if (err instanceof ApiError && err.issues) {
        const next: FieldErrors<Field> = {};
        for (const issue of err.issues) {
          const field = issue.path.split('.').pop() as Field;
          // The key, not the (English) message: the field shows the text in the person's language.
          if (FIELDS.includes(field) && issue.key && i18n.exists(issue.key)) next[field] = issue.key;
        }
        setServerFieldErrors(next);
      }
    } finally {
      setPending(false);
    }
  };

  const field = (name: Field, label: string, type: string, autoComplete: string, testId: string) => (
    <TextField
      label={label}
      type={type}
      name={name}
      autoComplete={autoComplete}
      revealable={type === 'password'}
      value={values[name]}
      onChange={set(name)}
      error={shown[name] && t(shown[name])}
      data-testid={testId}
      autoFocus={name === 'name'}
    />
  );

  const footer = (
    <>
      {t('com_auth_already_have_account')}{' '}
      <Link to="/login" className="font-medium text-ring-primary hover:underline">
        {t('com_auth_login')}
      </Link>
    </>
  );

  return (
    <AuthLayout title={t('com_auth_create_account')} footer={footer}>
      {serverError !== null && (
        <Alert data-testid="auth-error" className="mb-5">
          {t('com_auth_error_create')}
          {serverError && ` ${serverError}`}
        </Alert>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {field('name', t('com_auth_full_name'), 'text', 'name', 'register-name')}
        {field('email', t('com_auth_email'), 'email', 'email', 'register-email')}
        {field('password', t('com_auth_password'), 'password', 'new-password', 'register-password')}
        {field(
          'confirm_password',
          t('com_auth_password_confirm'),
          'password',
          'new-password',
          'register-confirm-password',
        )}
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={pending}
          disabled={hasErrors}
          className="mt-2"
          data-testid="register-submit"
        >
          {pending ? t('com_auth_registering') : t('com_auth_submit_registration')}
        </Button>
      </form>
      <SocialLogins config={config} divider />
    </AuthLayout>
  );
}
