import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { anAuditEntry, aPage, aUser } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const rejection = anAuditEntry({ id: 7 });
const login = anAuditEntry({
  id: 6,
  action: 'auth.login_failed',
  admin: null,
  object: null,
  changes: [],
  details: { email: 'intrus@exemple.ao', reason: 'invalid_credentials' },
});
const projectChange = anAuditEntry({
  id: 5,
  action: 'project.update',
  object: { type: 'project', id: 3, label: 'Cuisine à refaire' },
  changes: [
    { field: 'status', before: 'open', after: 'paused' },
    { field: 'admin_notes', before: null, after: 'Client injoignable' },
    { field: 'title', before: 'Cuisine', after: 'Cuisine à refaire' },
  ],
});

function auditApi() {
  return fakeApi()
    .get('/api/admin/audit/', () => aPage([rejection, login, projectChange], 3))
    .get('/api/users/', () => ({
      ...aPage([
        aUser({ id: 1, role: 'admin', first_name: 'Ana', last_name: 'Silva', email: 'admin@kwanza.test' }),
      ]),
      stats: null,
    }));
}

describe('audit journal page', () => {
  it('lists the entries: date, admin, action in French, object linked to its screen, summary', async () => {
    storeSession();
    auditApi();
    renderApp('/audit');
    expect(
      await screen.findByRole('heading', { name: "Journal d'audit", level: 1 }, { timeout: 5000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: "Journal d'audit" });
    const row = within(table)
      .getByText("Rejet d'une vérification de prestataire")
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('admin@kwanza.test')).toBeTruthy();
    expect(within(row).getByText(formatDateTime(rejection.created_at))).toBeTruthy();
    expect(
      within(row).getByRole('link', { name: 'Élodie Mbala (elodie@exemple.ao)' }).getAttribute('href'),
    ).toBe('/user-verification?verification=42');
    expect(within(row).getByText('Statut : En attente → Rejeté')).toBeTruthy();
    expect(within(row).getByText('Raison du rejet : — → Photo floue')).toBeTruthy();

    const failed = within(table).getByText('Échec de connexion').closest('tr') as HTMLElement;
    expect(within(failed).getByText('Inconnu')).toBeTruthy();
    expect(within(failed).getByText('Identifiants incorrects')).toBeTruthy();
    expect(within(failed).getByText('Adresse saisie : intrus@exemple.ao')).toBeTruthy();

    const project = within(table).getByText("Modification d'un projet").closest('tr') as HTMLElement;
    expect(within(project).getByRole('link', { name: 'Cuisine à refaire' }).getAttribute('href')).toBe(
      '/projects/3',
    );
    expect(within(project).getByText('Statut : Ouvert → En pause')).toBeTruthy();
    expect(within(project).getByText('et 1 autre(s)')).toBeTruthy();
    expect(screen.getByText('3 entrée(s)')).toBeTruthy();
  });

  it('keeps the filters in the URL and sends them to the server, back to page 1', async () => {
    storeSession();
    const api = auditApi();
    const { router } = renderApp('/audit?page=2');
    await screen.findByRole('table', { name: "Journal d'audit" }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(
      await screen.findByRole('option', { name: "Rejet d'une vérification de prestataire", hidden: true }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?action=provider_verification.reject'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Administrateur' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Ana Silva (admin@kwanza.test)', hidden: true }),
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe('?admin=1&action=provider_verification.reject'),
    );
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?admin=1&action=provider_verification.reject&date_from=2026-03-01',
      ),
    );
    await waitFor(() => {
      const last = api.callsTo('/api/admin/audit/').at(-1)?.url.searchParams;
      expect(last?.get('admin')).toBe('1');
      expect(last?.get('action')).toBe('provider_verification.reject');
      expect(last?.get('date_from')).toBe('2026-03-01');
      expect(last?.get('page')).toBe('1');
      expect(last?.get('page_size')).toBe('25');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens an entry in a drawer with the values before and after side by side, kept in the URL', async () => {
    storeSession();
    auditApi();
    const { router } = renderApp('/audit');
    await screen.findByRole('table', { name: "Journal d'audit" }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: "Détails de l'entrée n° 7" }));
    await waitFor(() => expect(router.state.location.search).toBe('?entry=7'));
    const drawer = await screen.findByRole('dialog', { name: 'Entrée n° 7 du journal' });
    const changes = within(drawer).getByRole('table', { name: 'Valeurs avant et après' });
    const status = within(changes).getByRole('rowheader', { name: 'Statut' }).closest('tr') as HTMLElement;
    expect(
      within(status)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['En attente', 'Rejeté']);
    expect(within(drawer).getByText('10.0.0.7')).toBeTruthy();
    expect(within(drawer).getByText('req-7')).toBeTruthy();
  });

  it('fetches an entry that is not on the page (a link from a history)', async () => {
    storeSession();
    auditApi().get('/api/admin/audit/:id/', ({ params }) =>
      params.id === '99'
        ? anAuditEntry({
            id: 99,
            action: 'user.delete',
            object: { type: 'user', id: 4, label: 'Rui (rui@x.ao)' },
            changes: [{ field: 'is_active', before: true, after: false }],
          })
        : reply(404, { detail: 'Introuvable' }),
    );
    renderApp('/audit?entry=99');
    const drawer = await screen.findByRole('dialog', { name: 'Entrée n° 99 du journal' }, { timeout: 5000 });
    expect(await within(drawer).findByText("Suppression d'un utilisateur")).toBeTruthy();
    const active = within(drawer).getByRole('rowheader', { name: 'Actif' }).closest('tr') as HTMLElement;
    expect(
      within(active)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Oui', 'Non']);
    expect(within(drawer).getByRole('link', { name: 'Rui (rui@x.ao)' }).getAttribute('href')).toBe(
      '/users?search=rui%40x.ao',
    );
  });

  it('says why the list is empty, and shows the load error', async () => {
    storeSession();
    fakeApi()
      .get('/api/admin/audit/', () => aPage([]))
      .get('/api/users/', () => ({ ...aPage([]), stats: null }));
    const { unmount } = renderApp('/audit?action=user.delete');
    expect(await screen.findByText('Aucune entrée trouvée', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Essayez de modifier vos critères de recherche')).toBeTruthy();
    unmount();
    fakeApi()
      .get('/api/admin/audit/', () => reply(500, { detail: 'Erreur' }))
      .get('/api/users/', () => ({ ...aPage([]), stats: null }));
    renderApp('/audit');
    expect(
      await screen.findByText(
        "Impossible de charger le journal d'audit. Veuillez réessayer.",
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
  });
});
