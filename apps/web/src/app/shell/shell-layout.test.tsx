import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, findShellTitle, renderApp, storeSession, stubApiNotFound } from '../../test/render-app';

describe('shell', () => {
  beforeEach(stubApiNotFound);

  it("shows the sidebar, the entry's label in the header and the user block", async () => {
    storeSession();
    renderApp('/projects/12');
    expect(await findShellTitle('Projets')).toBeTruthy();
    const navigation = screen.getByRole('navigation', { name: 'Navigation principale' });
    const active = within(navigation).getByRole('link', { current: 'page' });
    expect(active.getAttribute('href')).toBe('/projects');
    expect(within(navigation).getAllByRole('link')).toHaveLength(12);
    const userBlock = within(screen.getByTestId('user-block'));
    expect(userBlock.getByText('Ana Silva')).toBeTruthy();
    expect(userBlock.getByText('Administrateur')).toBeTruthy();
  });

  it("shows 'Admin Panel' and the not-found screen for an unknown path", async () => {
    storeSession();
    renderApp('/inconnu');
    // The screen's own title is the page's one level-1 heading; the header says 'Admin Panel'.
    expect(await screen.findByRole('heading', { level: 1, name: 'Page non trouvée' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect((await findShellTitle('Admin Panel')).textContent).toBe('Admin Panel');
    fireEvent.click(screen.getByRole('link', { name: 'Retour au tableau de bord' }));
    expect(await findShellTitle('Tableau de bord')).toBeTruthy();
  });

  it('collapses the sidebar to icons with labels kept for assistive technology', async () => {
    storeSession();
    renderApp('/dashboard');
    await findShellTitle('Tableau de bord');
    fireEvent.click(screen.getByRole('button', { name: 'Réduire le menu' }));
    const navigation = screen.getByRole('navigation', { name: 'Navigation principale' });
    await waitFor(() => expect(within(navigation).queryByText('Utilisateurs')).toBeNull());
    expect(within(navigation).getByRole('link', { name: 'Utilisateurs' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Déployer le menu' })).toBeTruthy();
  });

  it("gives the focus to the new screen's title after a move, not on the first load", async () => {
    storeSession();
    renderApp('/dashboard');
    await findShellTitle('Tableau de bord');
    expect(document.activeElement).toBe(document.body);
    const navigation = screen.getByRole('navigation', { name: 'Navigation principale' });
    const link = within(navigation).getByRole('link', { name: 'Utilisateurs' });
    link.focus();
    fireEvent.click(link);
    const title = await screen.findByRole('heading', { level: 1, name: 'Gestion des utilisateurs' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('tabindex')).toBe('-1');
  });

  it('logs out to /login and forgets the session', async () => {
    storeSession();
    const { router } = renderApp('/users');
    await findShellTitle('Utilisateurs');
    fireEvent.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('asks the server to close the session on logout, with the token it had', async () => {
    const token = fakeToken();
    storeSession(token);
    renderApp('/users');
    await findShellTitle('Utilisateurs');
    const fetchMock = vi.mocked(fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeTruthy();
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/logout/');
    expect(logoutCall).toBeDefined();
    const init = logoutCall?.[1];
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`);
  });
});
