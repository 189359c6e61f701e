import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse } from './fake-api';

export { jsonResponse };

/**
 * Renders the whole console (real routes, guards and shell) at a given path, in memory, with the
 * console's query client (its mutation invalidations included). Failed loads are not retried unless
 * `retries` is set (the production rule: no retry on 4xx, one on 5xx and network failures).
 */
export function renderApp(path: string, options: { retries?: boolean } = {}) {
  const queryClient = createQueryClient();
  if (!options.retries) {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** A token whose payload says it expires at `exp` (seconds); the signature is not checked by the console. */
export function fakeToken(exp: number = Math.floor(Date.now() / 1000) + 3600): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', role: 'admin', exp })}.signature`;
}

export const TEST_ADMIN = {
  id: 1,
  username: 'admin',
  email: 'admin@kwanza.test',
  first_name: 'Ana',
  last_name: 'Silva',
  role: 'admin' as const,
};

/** Puts a logged-in session in local storage, as a previous login would have. */
export function storeSession(token: string = fakeToken()): void {
  localStorage.setItem('access_token', token);
  localStorage.setItem('user', JSON.stringify(TEST_ADMIN));
}

/**
 * Answers every API call with a 404, for tests of the shell and the guards that must not depend on
 * what the screens load.
 */
export function stubApiNotFound(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(404, { detail: 'Introuvable' })),
  );
}

/** The shell's title (the label of the header, not a heading) once it shows `label`. */
export async function findShellTitle(label: string) {
  // Screens are lazy chunks: on a busy machine the first one may take more than a second to load.
  const title = await screen.findByTestId('shell-title', {}, { timeout: 5000 });
  await waitFor(() => expect(title.textContent).toBe(label), { timeout: 5000 });
  return title;
}
