import { SessionUser } from '@kwanza/contract';
import { useSyncExternalStore } from 'react';

/** The logged-in administrator as kept in the browser's local storage. */
export interface Session {
  access: string;
  user: SessionUser;
}

export const ACCESS_TOKEN_KEY = 'access_token';
export const USER_KEY = 'user';

const listeners = new Set<() => void>();
/** Last session read from storage; `undefined` until the first read. */
let current: Session | null | undefined;

/** Seconds since the epoch at which the token expires, read from its payload; undefined when absent. */
export function readTokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (json && typeof json === 'object' && 'exp' in json && typeof json.exp === 'number') return json.exp;
  } catch {
    return undefined;
  }
  return undefined;
}

/** True when the token carries an expiry that has passed (a token without one is left to the server). */
export function isTokenExpired(token: string, now: Date = new Date()): boolean {
  const expiry = readTokenExpiry(token);
  return expiry !== undefined && expiry * 1000 <= now.getTime();
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = SessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Reads the stored session; an incomplete, unreadable or expired one counts as none. */
export function readSession(): Session | null {
  const access = localStorage.getItem(ACCESS_TOKEN_KEY);
  const user = parseUser(localStorage.getItem(USER_KEY));
  if (!access || !user || isTokenExpired(access)) return null;
  return { access, user };
}

function notify(): void {
  current = readSession();
  for (const listener of listeners) listener();
}

/** Stores the session returned by the admin login. */
export function writeSession(session: Session): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, session.access);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
  notify();
}

/**
 * Keeps a token the API renewed (sliding session, `X-Access-Token` header) in place of the stored
 * one; ignored when nobody is logged in any more (a logout happened meanwhile).
 */
export function replaceAccessToken(access: string): void {
  if (!localStorage.getItem(ACCESS_TOKEN_KEY) || !localStorage.getItem(USER_KEY)) return;
  localStorage.setItem(ACCESS_TOKEN_KEY, access);
  notify();
}

/**
 * Keeps the admin's updated profile (names, e-mail) in the stored session, so the header shows it at
 * once; ignored when nobody is logged in any more, or when nothing changed.
 */
export function updateSessionUser(user: SessionUser): void {
  const session = readSession();
  if (!session) return;
  const next: SessionUser = {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role: user.role,
  };
  if (JSON.stringify(next) === JSON.stringify(session.user)) return;
  localStorage.setItem(USER_KEY, JSON.stringify(next));
  notify();
}

/** Forgets the stored token and user (logout, or a 401 from the API). */
export function clearSession(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  notify();
}

/** The stored access token, or null. */
export function readAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY);
}

function getSnapshot(): Session | null {
  if (current === undefined) current = readSession();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab logged in or out.
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === USER_KEY) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session, re-rendering on login, logout, a 401 or a change made in another tab. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}

/** Forces the next read to come from storage again (tests change local storage directly). */
export function resetSessionCache(): void {
  current = undefined;
}
