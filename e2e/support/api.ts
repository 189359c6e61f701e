import type { StoredSession } from './browser';
import type { RunningServer } from './server';

/**
 * GET `/api<path>` on the test server with the admin's token, as the console would: lets a spec
 * compare what the screen shows with what the API answers. Throws on a non-2xx answer.
 */
export async function apiGet<T>(server: RunningServer, session: StoredSession, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${session.access}` },
  });
  if (!response.ok) throw new Error(`GET /api${path}: ${response.status}`);
  return (await response.json()) as T;
}
