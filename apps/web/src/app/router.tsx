import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { NEW_CONVO, SEARCH_CONVO } from '@chat/contract';
import { AuthProvider } from '../features/auth/AuthProvider';
import { RequireAuth } from '../features/auth/RequireAuth';
import { FullPageSpinner } from '../components/ui/Spinner';
import { preloadable } from '../components/preloadable';
import { AssistantRoute, ChatLayout, ChatRoute, loadChatShell, preloadChat } from './routes/chat-chunks';
import { prefetchOpeningTail } from '../api/messages';
import { HomeRoute, LandingPage } from './routes/HomeRoute';
import { AdminPage } from '../features/admin';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const EmailConfirmationPage = lazy(() => import('../features/auth/EmailConfirmationPage'));
const ProfilePage = lazy(() => import('../features/billing/ProfilePage'));
const SharedPage = lazy(() => import('../features/share/SharedPage'));
const TwoFactorLoginPage = lazy(() => import('../features/two-factor/TwoFactorLoginPage'));
const PasskeySignIn = lazy(() => import('../features/two-factor/PasskeySignIn'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));
const FaqPage = preloadable(() => import('../features/site/FaqPage'));
const BlogListPage = preloadable(() => import('../features/blog/BlogListPage'));
const BlogPostPage = preloadable(() => import('./routes/BlogPostRoute'));
const BlogManagePage = preloadable(() => import('../features/blog/manage/BlogManagePage'));
const BlogEditorPage = preloadable(() => import('./routes/BlogEditorRoute'));

// The chat's chunks load while the session refreshes, not after it (a conversation opens sooner);
// so do Markdown and the message list when the page is a saved conversation, whose replies need
// them at once, and its newest messages are asked for as soon as the session is there. The public
// site's pages load their own chunk instead (a visitor never downloads the chat; a signed-in
// person on / starts loading it as soon as the session is there: app/routes/HomeRoute).
const startPath = window.location.pathname;
if (/^\/a(\/|$)/.test(startPath)) {
  ChatLayout.preload();
  AssistantRoute.preload();
} else if (startPath === '/') LandingPage.preload();
else if (/^\/faq\/?$/.test(startPath)) FaqPage.preload();
else if (/^\/blog\/?$/.test(startPath)) BlogListPage.preload();
else if (/^\/blog\/edit\/?$/.test(startPath)) BlogManagePage.preload();
else if (/^\/blog\/edit\/[^/]+\/?$/.test(startPath)) BlogEditorPage.preload();
else if (/^\/blog\/[^/]+\/?$/.test(startPath)) BlogPostPage.preload();
else if (
  !/^\/(login|register|forgot-password|reset-password|verify-email|email-confirmation|admin)(\/|$)/.test(
    startPath,
  )
) {
  preloadChat();
}
const opening = /^\/[ca]\/(?!(?:new|search)$)([^/]+)$/.exec(startPath)?.[1];
if (opening) {
  void loadChatShell().then((m) => m.preloadConversationView());
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
 * The app's routes. Declarative routing (`<BrowserRouter>` + `useRoutes`), not the data router:
 * the app uses no loader, action or blocker, and the data router's code weighs ~17 KiB (gzip) on
 * the first paint. Its `useNavigate()` changes on every navigation: use hooks/useStableNavigate.
 */
const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginPage extra={<PasskeySignIn />} /> },
      // Sign-in's second step (two-factor authentication), LibreChat's address.
      { path: '/login/2fa', element: <TwoFactorLoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/email-confirmation', element: <EmailConfirmationPage /> },
      // The public site: the landing page for visitors (a signed-in person goes to /c/new).
      { path: '/', element: <HomeRoute /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/blog', element: <BlogListPage /> },
      { path: '/blog/:slug', element: <BlogPostPage /> },
      // Blog management (WRITER and ADMIN; the pages say so to anyone else).
      { path: '/blog/edit', element: <BlogManagePage /> },
      { path: '/blog/edit/:id', element: <BlogEditorPage /> },
      // The operator's panel (Access Denied for anyone else signed in).
      {
        path: '/admin',
        element: (
          <RequireAuth>
            <AdminPage />
          </RequireAuth>
        ),
      },
      {
        element: <ProtectedChatLayout />,
        children: [
          { path: 'c/:conversationId', element: <ChatRoute /> },
          // Without a value: a new chat, and the search view of the last query (as /c/search).
          { path: 'c', element: <Navigate to={`/c/${NEW_CONVO}`} replace /> },
          { path: 'search', element: <Navigate to={`/c/${SEARCH_CONVO}`} replace /> },
          { path: 'search/:query', element: <ChatRoute /> },
          { path: 'a/:conversationId', element: <AssistantRoute /> },
          { path: 'a', element: <Navigate to="/a/new" replace /> },
          // The subscription management address.
          { path: 'profile', element: <ProfilePage /> },
        ],
      },
      // A shared link for signed-in readers (the server hands the path here when links are not public).
      { path: '/share/:shareId', element: <SharedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
