import { useState, type FormEvent } from 'react';
import type { ActivityRow, AuditEntry, SubscriptionHistoryRow, ViolationRow } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { formatDate, formatNumber } from '../../config/locale';
import { PAGE_SIZE, useAuditLog, useSubscriptionHistory, useTopViolations, useUserActivity } from './api';
import { DataTable, type Column } from './DataTable';
import { Section } from './Section';

const dateTime: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** Violation rows: this month's, most first. */
export function ViolationsSection() {
  const { t, i18n } = useTranslation();
  const q = useTopViolations();
  const columns: Column<ViolationRow>[] = [
    { key: 'email', header: t('com_admin_email'), cell: (r) => r.email },
    { key: 'username', header: t('com_admin_username'), cell: (r) => r.username ?? '' },
    {
      key: 'count',
      header: t('com_admin_count'),
      cell: (r) => formatNumber(r.count, i18n.language),
      numeric: true,
    },
  ];
  return (
    <Section title={t('com_admin_violations')} testId="admin-violations">
      <DataTable
        table={t('com_admin_table_violations')}
        columns={columns}
        rows={q.data}
        loading={q.isPending}
        error={q.error}
        rowKey={(r) => r.email}
        testId="admin-violations-table"
      />
    </Section>
  );
}

/** Activity rows: tokens used and messages sent, most tokens first, paged. */
export function ActivitySection() {
  const { t, i18n } = useTranslation();
  const [skip, setSkip] = useState(0);
  const q = useUserActivity(skip);
  const columns: Column<ActivityRow>[] = [
    { key: 'email', header: t('com_admin_email'), cell: (r) => r.email },
    {
      key: 'token',
      header: t('com_admin_tokens'),
      cell: (r) => formatNumber(r.token, i18n.language),
      numeric: true,
    },
    {
      key: 'message',
      header: t('com_admin_messages'),
      cell: (r) => formatNumber(r.message, i18n.language),
      numeric: true,
    },
  ];
  return (
    <Section title={t('com_admin_activity')} testId="admin-activity">
      <DataTable
        table={t('com_admin_table_activity')}
        columns={columns}
        rows={q.data?.rows}
        loading={q.isPending}
        error={q.error}
        rowKey={(r) => r.email}
        paging={{ skip, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onSkip: setSkip }}
        testId="admin-activity-table"
      />
    </Section>
  );
}

/** A user's subscription status changes (billing's history), by email. */
export function SubscriptionHistorySection() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const q = useSubscriptionHistory(email);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setEmail(draft.trim());
  };
  const columns: Column<SubscriptionHistoryRow>[] = [
    {
      key: 'when',
      header: t('com_admin_when'),
      cell: (r) => formatDate(r.createdAt, i18n.language, dateTime),
    },
    { key: 'event', header: t('com_admin_event'), cell: (r) => r.eventType },
    {
      key: 'status',
      header: t('com_admin_status'),
      cell: (r) => `${r.oldStatus ?? '—'} → ${r.newStatus ?? '—'}`,
    },
    {
      key: 'end',
      header: t('com_admin_subscription_end'),
      cell: (r) => (r.subscriptionEnd ? formatDate(r.subscriptionEnd, i18n.language, dateTime) : ''),
    },
  ];
  return (
    <Section
      title={t('com_admin_subscription_history')}
      className="lg:col-span-2"
      testId="admin-subscription-history"
    >
      <form className="flex items-end gap-2" onSubmit={onSubmit} noValidate>
        <TextField
          className="min-w-0 flex-1"
          label={t('com_admin_user_email')}
          type="email"
          autoComplete="off"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="admin-history-email"
        />
        <Button type="submit" variant="secondary" className="h-11" data-testid="admin-history-submit">
          {t('com_admin_show')}
        </Button>
      </form>
      {email && (
        <DataTable
          table={t('com_admin_table_subscription_history')}
          columns={columns}
          rows={q.data?.history}
          loading={q.isPending}
          error={q.error}
          rowKey={(r, i) => `${r.createdAt}-${i}`}
          testId="admin-history-table"
        />
      )}
    </Section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** A ban's duration as the largest whole unit (days, else hours, else minutes). */
function durationText(ms: number, t: T): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % 1440 === 0) return t('com_admin_days', { count: minutes / 1440 });
  if (minutes % 60 === 0) return t('com_admin_hours', { count: minutes / 60 });
  return t('com_admin_minutes', { count: minutes });
}

/** An entry's detail, read: a ban's duration and reason, a role, the config fields changed. */
function auditDetail(entry: AuditEntry, t: T): string {
  const d = entry.detail;
  const parts: string[] = [];
  if (typeof d.duration === 'number') parts.push(durationText(d.duration, t));
  if (typeof d.reason === 'string' && d.reason) parts.push(`${t('com_admin_reason')}: ${d.reason}`);
  if (typeof d.role === 'string') parts.push(`${t('com_admin_role')}: ${d.role}`);
  if (d.jailbreakPrompt === true) parts.push(t('com_admin_system_prompt'));
  if (d.prefill === true) parts.push(t('com_admin_prefill'));
  return parts.join(' · ');
}

/** What the operator did: newest first, paged. */
export function AuditLogSection() {
  const { t, i18n } = useTranslation();
  const [skip, setSkip] = useState(0);
  const q = useAuditLog(skip);
  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: t('com_admin_when'),
      cell: (r) => formatDate(r.createdAt, i18n.language, dateTime),
    },
    { key: 'who', header: t('com_admin_who'), cell: (r) => r.actorEmail },
    { key: 'action', header: t('com_admin_action'), cell: (r) => t(`com_admin_action_${r.action}`) },
    { key: 'target', header: t('com_admin_target'), cell: (r) => r.target },
    {
      key: 'detail',
      header: t('com_admin_detail'),
      cell: (r) => auditDetail(r, t),
      wrap: true,
    },
  ];
  return (
    <Section title={t('com_admin_audit_log')} className="lg:col-span-2" testId="admin-audit">
      <DataTable
        table={t('com_admin_table_audit')}
        columns={columns}
        rows={q.data?.entries}
        loading={q.isPending}
        error={q.error}
        rowKey={(r) => r.id}
        paging={{ skip, pageSize: PAGE_SIZE, total: q.data?.total ?? 0, onSkip: setSkip }}
        testId="admin-audit-table"
      />
    </Section>
  );
}
