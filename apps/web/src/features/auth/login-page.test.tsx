import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { fakeToken, findShellTitle, renderApp, TEST_ADMIN } from '../../test/render-app';

const LOGIN = '/api/auth/admin-login/';

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
    const api = fakeApi().post(LOGIN, () => reply(401, { detail: 'Identifiants invalides.' }));
    renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'mauvais');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Erreur');
    expect(alert.textContent).toContain('Identifiants invalides.');
    expect(api.callsTo(LOGIN, 'POST')[0]?.body).toEqual({ email: 'admin@kwanza.test', password: 'mauvais' });
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('falls back to a generic message without a detail', async () => {
    fakeApi().post(LOGIN, () => new Response('oops', { status: 500 }));
    renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Une erreur est survenue lors de la connexion',
    );
  });

  it('reports a network failure', async () => {
    fakeApi().post(LOGIN, () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Une erreur est survenue. Veuillez réessayer.',
    );
  });

  it("reads 'Chargement...' while waiting, then stores the session and opens the dashboard", async () => {
    let answer: (body: unknown) => void = () => {};
    fakeApi().post(LOGIN, () => new Promise((resolve) => (answer = resolve)));
    const { router } = renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'secret');

    expect(await screen.findByRole('button', { name: 'Chargement...' })).toBeTruthy();
    const access = fakeToken();
    answer({ access, user: TEST_ADMIN });

    expect(await findShellTitle('Tableau de bord')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('access_token')).toBe(access);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(TEST_ADMIN);
  });

  it('checks the answer against the contract: one without a token is an error and stores no session', async () => {
    fakeApi().post(LOGIN, () => ({ user: TEST_ADMIN }));
    const { router } = renderApp('/login');
    await screen.findByLabelText(/Adresse e-mail/);
    fillAndSubmit('admin@kwanza.test', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Une erreur est survenue. Veuillez réessayer.',
    );
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});
