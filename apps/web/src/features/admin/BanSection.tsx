import { useId, useState, type FormEvent } from 'react';
import { ADMIN_LIMITS, type BannedUser } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../../components/ui/Toast';
import { formatDate } from '../../config/locale';
import { useBanUser, useBannedUsers, useUnbanUser } from './api';
import { DataTable, type Column } from './DataTable';
import { errorText } from './errors';
import { Section, labelClass, selectClass } from './Section';

const HOUR = 60 * 60_000;
/** The durations offered; two hours (the server's BAN_DURATION default) first chosen. */
const BAN_DURATIONS = [
  { key: 'com_admin_duration_1h', ms: HOUR },
  { key: 'com_admin_duration_2h', ms: 2 * HOUR },
  { key: 'com_admin_duration_1d', ms: 24 * HOUR },
  { key: 'com_admin_duration_7d', ms: 7 * 24 * HOUR },
  { key: 'com_admin_duration_30d', ms: 30 * 24 * HOUR },
  { key: 'com_admin_duration_365d', ms: 365 * 24 * HOUR },
] as const;

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Ban a user by email, for a duration, with a reason. */
export function BanSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const ban = useBanUser();
  const [email, setEmail] = useState('');
  const [duration, setDuration] = useState<number>(2 * HOUR);
  const [reason, setReason] = useState('');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const target = email.trim();
    // Banning needs an email, otherwise only a console notice.
    if (!target) {
      console.warn('Enter the email of the user to ban');
      return;
    }
    ban.mutate(
      { email: target, duration, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      {
        onSuccess: (b) => {
          toast.show({ message: t('com_admin_banned_done', { email: b.email }), severity: 'success' });
          setEmail('');
          setReason('');
        },
        onError: (err) => toast.show({ message: errorText(t, err), severity: 'error' }),
      },
    );
  };

  return (
    <Section title={t('com_admin_ban_user')} testId="admin-ban">
      <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('com_admin_user_email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="admin-ban-email"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-duration`} className={labelClass}>
            {t('com_admin_duration')}
          </label>
          <select
            id={`${id}-duration`}
            data-testid="admin-ban-duration"
            className={selectClass}
            value={duration}
            onChange={(e) => setDuration(Number(e.target.value))}
          >
            {BAN_DURATIONS.map((d) => (
              <option key={d.ms} value={d.ms}>
                {t(d.key)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('com_admin_reason')}
          value={reason}
          maxLength={ADMIN_LIMITS.banReasonMax}
          onChange={(e) => setReason(e.target.value)}
          data-testid="admin-ban-reason"
        />
        <Button type="submit" variant="danger" loading={ban.isPending} data-testid="admin-ban-submit">
          {t('com_admin_ban')}
        </Button>
      </form>
    </Section>
  );
}

/** The users banned now, each with Unban. */
export function BannedUsersSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const banned = useBannedUsers();
  const unban = useUnbanUser();
  const columns: Column<BannedUser>[] = [
    { key: 'email', header: t('com_admin_email'), cell: (r) => r.email },
    { key: 'username', header: t('com_admin_username'), cell: (r) => r.username ?? '' },
    {
      key: 'until',
      header: t('com_admin_until'),
      cell: (r) => formatDate(r.expiresAt, i18n.language, dateTime),
    },
    { key: 'reason', header: t('com_admin_reason'), cell: (r) => r.reason ?? '', wrap: true },
    {
      key: 'unban',
      header: '',
      cell: (r) => (
        <Button
          size="sm"
          variant="secondary"
          data-testid={`admin-unban-${r.email}`}
          loading={unban.isPending && unban.variables === r.email}
          onClick={() =>
            unban.mutate(r.email, {
              onSuccess: () =>
                toast.show({
                  message: t('com_admin_unbanned_done', { email: r.email }),
                  severity: 'success',
                }),
              onError: (err) => toast.show({ message: errorText(t, err), severity: 'error' }),
            })
          }
        >
          {t('com_admin_unban')}
        </Button>
      ),
    },
  ];
  return (
    <Section title={t('com_admin_banned_users')} className="lg:col-span-2" testId="admin-banned">
      <DataTable
        table={t('com_admin_table_banned')}
        columns={columns}
        rows={banned.data}
        loading={banned.isPending}
        error={banned.error}
        rowKey={(r) => r.email}
        testId="admin-banned-table"
      />
    </Section>
  );
}
