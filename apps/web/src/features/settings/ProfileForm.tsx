import './texts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { updateUserRequestSchema } from '@chat/contract';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { useAuth } from '../auth';
import { updateProfile } from './api';

type ProfileField = 'name' | 'username';
type ProfileValues = Record<ProfileField, string>;

/** The first problem (an i18n key: the contract's messages are keys) of each field. */
function profileErrors(values: ProfileValues): Partial<Record<ProfileField, string>> {
  const result = updateUserRequestSchema.safeParse(values);
  const errors: Partial<Record<ProfileField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'username') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The account's name and username (PUT /api/user), checked as they change with the registration
 * form's rules; Save is offered when something changed and nothing is wrong.
 */
export function ProfileForm() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { user, setUser } = useAuth();
  const saved: ProfileValues = { name: user?.name ?? '', username: user?.username ?? '' };
  const [values, setValues] = useState<ProfileValues>(saved);
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [saving, setSaving] = useState(false);

  // The server's word on a field holds until that field changes (set() forgets it).
  const errors = profileErrors(values);
  for (const field of ['name', 'username'] as const) {
    const serverError = serverErrors[field];
    if (!errors[field] && serverError) errors[field] = serverError;
  }
  const dirty = values.name.trim() !== saved.name || values.username.trim() !== saved.username;
  const canSave = dirty && Object.keys(errors).length === 0 && !saving;

  const set = (field: ProfileField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setServerErrors((s) => ({ ...s, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      const next = await updateProfile({ name: values.name.trim(), username: values.username.trim() });
      setUser(next);
      setValues({ name: next.name, username: next.username ?? '' });
      toast.show({ message: t('com_nav_profile_saved'), severity: 'success' });
    } catch (err) {
      const found: Partial<Record<ProfileField, string>> = {};
      if (err instanceof ApiError) {
        for (const issue of err.issues ?? []) {
          const field = issue.path.split('.').pop();
          if ((field === 'name' || field === 'username') && issue.key && i18n.exists(issue.key)) {
            found[field] = issue.key;
          }
        }
      }
      setServerErrors(found);
      if (Object.keys(found).length === 0) {
        toast.show({ message: t('com_nav_profile_save_error'), severity: 'error' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 border-b border-border-light py-3">
      <TextField
        label={t('com_auth_full_name')}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name && t(errors.name)}
        data-testid="settings-profile-name"
      />
      <TextField
        label={t('com_nav_profile_username')}
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={set('username')}
        error={errors.username && t(errors.username)}
        data-testid="settings-profile-username"
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          size="sm"
          disabled={!canSave}
          loading={saving}
          data-testid="settings-profile-save"
        >
          {t('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}
