import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../../components/ui/Spinner';
import { preloadable } from '../../components/preloadable';
import { useAuth } from '../../features/auth';
import { preloadChat } from './chat-chunks';

export const LandingPage = preloadable(() => import('../../features/site/LandingPage'));

/**
 * `/`: the landing page for a visitor, /c/new for a signed-in person. Kept small: it is
 * in the first bundle, and the landing page's chunk loads apart from the chat's.
 */
export function HomeRoute() {
  const { status } = useAuth();
  useEffect(() => {
    if (status === 'authenticated') preloadChat();
  }, [status]);
  if (status === 'authenticated') return <Navigate to="/c/new" replace />;
  if (status === 'loading') return <FullPageSpinner />;
  return <LandingPage />;
}
