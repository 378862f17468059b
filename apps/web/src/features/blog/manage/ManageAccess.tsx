import './texts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserRole } from '@chat/contract';
import { Spinner } from '../../../components/ui/Spinner';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAuth } from '../../auth';
import { SiteLayout } from '../../site';
import { useMe } from '../manage-api';

export interface Manager {
  id: string;
  role: Extract<UserRole, 'WRITER' | 'ADMIN'>;
}

export const linkButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary';
export const primaryLink = `${linkButton} bg-surface-submit text-white hover:bg-surface-submit-hover`;

function Notice({ title, detail, action }: { title: string; detail?: string; action: ReactNode }) {
  return (
    <div
      role="alert"
      data-testid="blog-manage-refused"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center"
    >
      <h1 className="text-2xl font-semibold">{title}</h1>
      {detail && <p className="text-sm text-text-secondary">{detail}</p>}
      {action}
    </div>
  );
}

/**
 * The blog management's door: a visitor is asked to log in, a signed-in person without
 * the WRITER or ADMIN role (GET /api/me) is refused; the server checks every call anyway.
 */
export function ManageAccess({ children }: { children: (me: Manager) => ReactNode }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const me = useMe();

  let body: ReactNode;
  if (status === 'unauthenticated') {
    body = (
      <Notice
        title={t('com_blog_login_required')}
        action={
          <Link to="/login" className={primaryLink} data-testid="blog-manage-login">
            {t('com_blog_log_in')}
          </Link>
        }
      />
    );
  } else if (status === 'loading' || me.isPending) {
    body = (
      <div className="flex justify-center py-20">
        <Spinner size={28} />
      </div>
    );
  } else if (me.data && (me.data.role === 'WRITER' || me.data.role === 'ADMIN')) {
    return <>{children({ id: me.data.id, role: me.data.role })}</>;
  } else if (me.isError) {
    body = (
      <Notice
        title={t('com_blog_error_loading')}
        detail={t('com_blog_error_loading_detail')}
        action={
          <Link to="/" className={primaryLink}>
            {t('com_ui_go_home')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <Notice
        title={t('com_blog_access_denied')}
        detail={t('com_blog_access_denied_detail')}
        action={
          <Link to="/" className={primaryLink} data-testid="go-home">
            {t('com_ui_go_home')}
          </Link>
        }
      />
    );
  }
  return <SiteLayout>{body}</SiteLayout>;
}
