import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeToken, findShellTitle, jsonResponse, renderApp, TEST_ADMIN } from '../../test/render-app';

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Mot de passe/, { selector: 'input' }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('login page', () => {
  it('shows the form as specified', async () => {
    renderApp('/login');
    const email = await screen.findByLabelText(/Adresse e-mail/);
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText(/Mot de passe/, { selector: 'input' }).hasAttribute('required')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Se souvenir de moi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié?' })).toBeTruthy();
  });

  it("shows the server's detail in the 'Erreur' box", async () => {
    const fetchMock = vi.fn(async () => jsonResponse(401, { detail: 'Identifiants invalides.' }));
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'mauvais');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erreur');
    expect(alert.textContent).toContain('Identifiants invalides.');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/admin-login/',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('falls back to a generic message without a detail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Une erreur est survenue lors de la connexion',
    );
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Une erreur est survenue. Veuillez réessayer.',
    );
  });

  it("reads 'Chargement...' while waiting, then stores the session and opens the dashboard", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { router } = renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'secret');

    expect(await screen.findByRole('button', { name: 'Chargement...' })).toBeTruthy();
    const access = fakeToken();
    answer(jsonResponse(200, { access, user: TEST_ADMIN }));

    expect(await findShellTitle('Tableau de bord')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('access_token')).toBe(access);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(TEST_ADMIN);
  });
});
