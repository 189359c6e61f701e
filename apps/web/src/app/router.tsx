import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { RedirectIfSession, RequireSession } from './guards';
import { lazyPage } from './lazy-page';
import { RouteErrorPage } from './route-error-page';
import { ScreenError } from './screen-error';
import { ShellLayout } from './shell/shell-layout';

function FullScreenLoading() {
  return <LoadingState fullScreen />;
}

/** Every screen of the console; each page is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: FullScreenLoading,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/login',
        element: <RedirectIfSession />,
        children: [{ index: true, lazy: lazyPage(() => import('../features/auth/login-page')) }],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <ShellLayout />,
            children: [
              {
                // A crashing screen shows its error inside the shell (sidebar and header stay).
                errorElement: <ScreenError />,
                children: [
                  { index: true, element: <Navigate to="/dashboard" replace /> },
                  { path: 'dashboard', lazy: lazyPage(() => import('../features/dashboard/dashboard-page')) },
                  { path: 'users', lazy: lazyPage(() => import('./users-screen')) },
                  {
                    path: 'user-verification',
                    lazy: lazyPage(() => import('../features/verifications/user-verification-page')),
                  },
                  {
                    path: 'client-verification',
                    lazy: lazyPage(() => import('../features/verifications/client-verification-page')),
                  },
                  { path: 'providers', lazy: lazyPage(() => import('../features/providers/providers-page')) },
                  { path: 'projects', lazy: lazyPage(() => import('../features/projects/projects-page')) },
                  {
                    path: 'projects/:id',
                    lazy: lazyPage(() => import('../features/projects/project-detail-page')),
                  },
                  { path: 'disputes', lazy: lazyPage(() => import('../features/disputes/disputes-page')) },
                  {
                    path: 'disputes/:id',
                    lazy: lazyPage(() => import('../features/disputes/dispute-detail-page')),
                  },
                  { path: 'reports', lazy: lazyPage(() => import('../features/reports/reports-page')) },
                  { path: 'audit', lazy: lazyPage(() => import('../features/audit/audit-page')) },
                  {
                    path: 'categories',
                    lazy: lazyPage(() => import('../features/categories/categories-page')),
                  },
                  { path: 'settings', lazy: lazyPage(() => import('../features/settings/settings-page')) },
                  {
                    path: 'conversations',
                    lazy: lazyPage(() => import('../features/conversations/conversations-page')),
                  },
                  {
                    path: 'conversations/:conversationId',
                    lazy: lazyPage(() => import('../features/conversations/conversation-detail-page')),
                  },
                  {
                    path: 'notifications',
                    lazy: lazyPage(() => import('../features/notifications/notifications-page')),
                  },
                  { path: '*', lazy: lazyPage(() => import('./not-found-page')) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
