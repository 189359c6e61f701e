import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

interface ReturnState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/** Where to go after login: the protected page the visitor asked for, else the dashboard. */
export function readReturnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return HOME_PATH;
  if (from.pathname === LOGIN_PATH || from.pathname === '/') return HOME_PATH;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}

/** Every route but /login: without a session, go to /login and remember the wanted page. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={LOGIN_PATH} replace state={{ from: location }} />;
  return <Outlet />;
}

/** /login: a logged-in visitor (including right after a successful login) goes on to the console. */
export function RedirectIfSession() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={readReturnPath(location.state)} replace />;
  return <Outlet />;
}
