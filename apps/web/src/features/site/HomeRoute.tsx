import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { preloadable } from '../../components/preloadable';
import { useAuth } from '../auth';

export const LandingPage = preloadable(() => import('./LandingPage'));
const chatRoute = () => import('../../app/routes/ChatRoute');

/**
 * `/` (spec §2): the landing page for a visitor, /c/new for a signed-in person. Kept small: it is
 * in the first bundle, and the landing page's chunk loads apart from the chat's.
 */
export function HomeRoute() {
  const { status } = useAuth();
  useEffect(() => {
    if (status === 'authenticated') void chatRoute();
  }, [status]);
  if (status === 'authenticated') return <Navigate to="/c/new" replace />;
  if (status === 'loading') return <FullPageSpinner />;
  return <LandingPage />;
}
