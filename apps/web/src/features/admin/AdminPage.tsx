import './texts';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../hooks/useTranslation';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useAuth } from '../auth';
import { ErrorLogSection } from '../error-log';
import { BanSection, BannedUsersSection } from './BanSection';
import { ImpersonateSection } from './ImpersonateSection';
import { ResetTwoFactorSection } from './ResetTwoFactorSection';
import { ModelConfigSection } from './ModelConfigSection';
import {
  ActivitySection,
  AuditLogSection,
  SubscriptionHistorySection,
  ViolationsSection,
} from './TableSections';

/** Anyone signed in but the operator sees this. */
function AccessDenied() {
  const { t } = useTranslation();
  return (
    <div
      className="flex min-h-dvh items-center justify-center bg-surface-chat p-6"
      data-testid="admin-access-denied"
    >
      <div className="flex max-w-md flex-col items-center gap-3 rounded-2xl border border-border-light bg-surface-primary p-6 text-center">
        <ShieldAlert className="size-8 text-text-danger" aria-hidden />
        <h1 className="text-base font-semibold text-text-primary">{t('com_admin_access_denied')}</h1>
        <Link to="/" className="mt-2 text-sm font-medium text-text-primary underline underline-offset-4">
          {t('com_ui_go_home')}
        </Link>
      </div>
    </div>
  );
}

/**
 * /admin: the operator's panel. Who is the operator is the server's word at
 * sign-in (display only: every call is checked on the server, 403 for anyone else).
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const { isOperator } = useAuth();
  useDocumentTitle(t('com_admin_title'));
  if (!isOperator) return <AccessDenied />;
  return (
    <div className="min-h-dvh bg-surface-chat" data-testid="admin-page">
      <header className="sticky top-0 z-10 border-b border-border-light bg-surface-primary/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <h1 className="text-lg font-semibold text-text-primary">{t('com_admin_title')}</h1>
          <Link
            to="/c/new"
            className="rounded-lg px-3 py-1.5 text-sm font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
          >
            {t('com_admin_back_to_chat')}
          </Link>
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-4 px-4 py-4 sm:px-6 sm:py-6 lg:grid-cols-2">
        <ModelConfigSection />
        <BanSection />
        <ImpersonateSection />
        <ResetTwoFactorSection />
        <BannedUsersSection />
        <ViolationsSection />
        <ActivitySection />
        <SubscriptionHistorySection />
        <AuditLogSection />
        <div className="lg:col-span-2">
          <ErrorLogSection />
        </div>
      </main>
    </div>
  );
}
