import { useEffect, useRef, useState } from 'react';
import { API_ROUTE_PATHS, isFreeTierUser } from '@chat/contract';
import { callApi } from '../../api/call';
import { useTranslation } from '../../hooks/useTranslation';
import { useAuth } from '../auth';

/**
 * Above a free-tier visitor's input: the free messages left (the server's count), and the link to
 * /register saying that an account keeps the chat history. The free-tier session ends first (an
 * account signed in cannot register), as Trial Ended's Register does. The count is asked for again
 * when a reply ends (`busy` going false): the send spent one on the server.
 */
export function FreeTierNotice({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const { user, setUser, logout } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const freeTier = isFreeTierUser(user);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!ended || !freeTier) return;
    let live = true;
    callApi(API_ROUTE_PATHS.user, {}).then(
      (fresh) => live && setUser(fresh),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [busy, freeTier, setUser]);
  if (!user || !freeTier) return null;
  const left = Math.max(0, user.metadata.freeMessages ?? 0);
  return (
    <div
      data-testid="free-tier-notice"
      className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 pt-2 text-sm sm:px-6"
    >
      <span className="text-text-secondary" data-testid="free-tier-left" aria-live="polite">
        {left >= 1 ? t('com_free_tier_left', { left }) : t('com_error_free_tier_exhausted')}
      </span>
      <a
        href="/register"
        data-testid="free-tier-register"
        aria-disabled={leaving || undefined}
        className="font-medium text-text-primary underline underline-offset-4 hover:opacity-80"
        onClick={(e) => {
          e.preventDefault();
          if (leaving) return;
          setLeaving(true);
          void logout('/register');
        }}
      >
        {t('com_free_tier_register_history')}
      </a>
    </div>
  );
}
