import './texts';
import { useState } from 'react';
import { API_ROUTE_PATHS } from '@chat/contract';
import { callApi } from '../../api/call';
import { useTranslation } from '../../hooks/useTranslation';
import { useToast } from '../../components/ui/Toast';
import { useAuth } from '../auth';
import { errorText } from './errors';

/**
 * Over the chat while the operator views the app as another user: who, and the way back
 * (POST /api/admin/endImpersonation answers the operator's own session, then /admin). Its own chunk: the chat
 * shell loads it only in an impersonation session.
 */
export default function ImpersonationBanner() {
  const { t } = useTranslation();
  const toast = useToast();
  const { user, switchSession } = useAuth();
  const [busy, setBusy] = useState(false);

  const back = async () => {
    setBusy(true);
    try {
      // Back where the operator left for it: the admin panel.
      switchSession(await callApi(API_ROUTE_PATHS.endImpersonation, {}), '/admin');
    } catch (err) {
      toast.show({ message: errorText(t, err), severity: 'error' });
      setBusy(false);
    }
  };

  return (
    <div
      role="status"
      data-testid="impersonation-banner"
      className="flex shrink-0 flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-500 px-3 py-1.5 text-center text-sm font-medium text-black"
    >
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {t('com_admin_viewing_as', { email: user?.email ?? '' })}
      </span>
      <button
        type="button"
        data-testid="impersonation-return"
        disabled={busy}
        onClick={() => void back()}
        className="rounded-md border border-black/40 px-2 py-0.5 text-sm font-semibold hover:bg-black/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-black disabled:opacity-60"
      >
        {t('com_admin_return_to_account')}
      </button>
    </div>
  );
}
