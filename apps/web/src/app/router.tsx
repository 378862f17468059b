import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider';
import { RequireAuth } from '../features/auth/RequireAuth';
import { FullPageSpinner } from '../components/ui/Spinner';
import { ChatLayout } from './layouts/ChatLayout';
import { preloadable } from '../components/preloadable';
import { prefetchOpeningTail } from '../api/messages';

const ChatRoute = preloadable(() => import('./routes/ChatRoute'));
const AssistantRoute = preloadable(() => import('./routes/AssistantRoute'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const EmailConfirmationPage = lazy(() => import('../features/auth/EmailConfirmationPage'));
const ProfilePage = lazy(() => import('../features/billing/ProfilePage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));

// The chat's chunks load while the session refreshes, not after it (a conversation opens sooner);
// so do Markdown and the message list when the page is a saved conversation, whose replies need
// them at once, and its newest messages are asked for as soon as the session is there.
const startPath = window.location.pathname;
if (/^\/a(\/|$)/.test(startPath)) AssistantRoute.preload();
else if (
  !/^\/(login|register|forgot-password|reset-password|verify-email|email-confirmation)(\/|$)/.test(startPath)
) {
  ChatRoute.preload();
}
const opening = /^\/[ca]\/(?!(?:new|search)$)([^/]+)$/.exec(startPath)?.[1];
if (opening) {
  void import('./routes/ChatRoute').then((m) => m.preloadConversationView());
  try {
    prefetchOpeningTail(decodeURIComponent(opening));
  } catch {
    // a malformed address: the route shows it as not found
  }
}

function Root() {
  return (
    <AuthProvider>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}

function ProtectedChatLayout() {
  return (
    <RequireAuth>
      <ChatLayout />
    </RequireAuth>
  );
}

/**
 * Routes of spec §2. Declarative routing (`<BrowserRouter>` + `useRoutes`), not the data router:
 * the app uses no loader, action or blocker, and the data router's code weighs ~17 KiB (gzip) on
 * the first paint. Its `useNavigate()` changes on every navigation: use hooks/useStableNavigate.
 */
const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/email-confirmation', element: <EmailConfirmationPage /> },
      {
        path: '/',
        element: <ProtectedChatLayout />,
        children: [
          { index: true, element: <Navigate to="/c/new" replace /> },
          { path: 'c/:conversationId', element: <ChatRoute /> },
          { path: 'search/:query', element: <ChatRoute /> },
          { path: 'a/:conversationId', element: <AssistantRoute /> },
          { path: 'a', element: <Navigate to="/a/new" replace /> },
          // Business §2: the subscription management address.
          { path: 'profile', element: <ProfilePage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
