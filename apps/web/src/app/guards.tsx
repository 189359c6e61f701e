import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session';

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

/** Every route but /login: without a session, go to /login. */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}

/** /login: a logged-in visitor (including right after a successful login) goes to the dashboard. */
export function RedirectIfSession() {
  const session = useSession();
  if (session) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}
