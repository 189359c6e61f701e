import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeToken, findShellTitle, renderApp, storeSession, stubApiNotFound } from '../test/render-app';

describe('route guard', () => {
  beforeEach(stubApiNotFound);

  it('sends a visitor without a session to /login', async () => {
    const { router } = renderApp('/users?page=2');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('treats an expired stored token as no session', async () => {
    storeSession(fakeToken(Math.floor(Date.now() / 1000) - 60));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens a protected page with a session', async () => {
    storeSession();
    renderApp('/users');
    expect(await findShellTitle('Utilisateurs')).toBeTruthy();
  });

  it('sends a logged-in visitor from /login to the dashboard', async () => {
    storeSession();
    const { router } = renderApp('/login');
    expect(await findShellTitle('Tableau de bord')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('redirects / to /dashboard', async () => {
    storeSession();
    const { router } = renderApp('/');
    expect(await findShellTitle('Tableau de bord')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
