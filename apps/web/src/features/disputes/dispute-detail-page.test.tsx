import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRYING_TEXT } from '../../components/query-state';
import { aDisputeDetail, anAuditEntry, aPage } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const dispute = aDisputeDetail({
  id: 7,
  title: 'Carrelage mal posé',
  description: 'Les carreaux se décollent.',
  status: 'open',
  service_title: 'Rénovation cuisine',
  project_id: 3,
  project: { id: 3, title: 'Rénovation cuisine' },
  conversation_id: 12,
  evidence: [
    {
      id: 1,
      user_id: 10,
      user_name: 'Carla Dias',
      description: 'Photo du sol',
      file: '/api/documents/disputes/7/photo.png?expires=1&signature=abc',
      created_at: '2026-01-02T10:00:00.000Z',
    },
  ],
  history: [
    {
      id: 1,
      from_status: 'open',
      to_status: 'under_review',
      resolution_note: 'Photos demandées',
      changed_by: { id: 1, name: 'Ana Silva' },
      changed_at: '2026-01-03T10:00:00.000Z',
    },
  ],
});

describe('dispute detail page', () => {
  it('shows the whole case: title, badge, id, description, evidence, parties, links and history', async () => {
    storeSession();
    fakeApi().get('/api/disputes/:id/', () => dispute);
    renderApp('/disputes/7');
    expect(
      await screen.findByRole('heading', { name: 'Carrelage mal posé' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('ID: 7')).toBeTruthy();
    expect(screen.getByText('Les carreaux se décollent.')).toBeTruthy();
    const file = screen.getByRole('link', { name: /Voir le fichier 1 de Carla Dias/ });
    expect(file.getAttribute('href')).toBe(dispute.evidence[0]?.file);
    expect(file.getAttribute('target')).toBe('_blank');
    expect(file.getAttribute('rel')).toContain('noopener');
    const info = screen.getByRole('region', { name: 'Informations' });
    expect(within(info).getByText('Rui Santos')).toBeTruthy();
    expect(within(info).getByText('Rénovation cuisine')).toBeTruthy();
    expect(within(info).getByText('01/01/2026')).toBeTruthy();
    expect(within(info).getByRole('link', { name: 'Voir le projet' }).getAttribute('href')).toBe(
      '/projects/3',
    );
    expect(within(info).getByRole('link', { name: 'Voir la conversation' }).getAttribute('href')).toBe(
      '/conversations/12',
    );
    const history = screen.getByRole('region', { name: 'Historique des statuts' });
    expect(within(history).getByText("En attente → En cours d'examen")).toBeTruthy();
    expect(within(history).getByText('Photos demandées')).toBeTruthy();
    expect(within(history).getByText(/Ana Silva/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Note de résolution' }) as HTMLTextAreaElement).rows).toBe(5);
  });

  it('saves status and note, shows the saved values and the success toast', async () => {
    storeSession();
    let current = dispute;
    const api = fakeApi()
      .get('/api/disputes/:id/', () => current)
      .post('/api/disputes/:id/update_status/', ({ body }) => {
        const { status, resolution_note } = body as { status: 'resolved'; resolution_note: string };
        current = { ...current, status, resolution_note: resolution_note.trim() };
        return current;
      });
    renderApp('/disputes/7');
    await screen.findByRole('heading', { name: 'Carrelage mal posé' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Résolu', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note de résolution' }), {
      target: { value: 'Remboursement partiel ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour le statut' }));
    expect(
      await screen.findByText('Statut du litige mis à jour avec succès', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(api.callsTo('/api/disputes/7/update_status/', 'POST')[0]?.body).toEqual({
      status: 'resolved',
      resolution_note: 'Remboursement partiel ',
    });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Note de résolution' }) as HTMLTextAreaElement).value).toBe(
        'Remboursement partiel',
      ),
    );
    expect(screen.getAllByText('Résolu').length).toBeGreaterThan(0);
  });

  it("lists the dispute's audit entries in 'Historique', refreshed after a change", async () => {
    storeSession();
    const entries = [
      anAuditEntry({
        id: 30,
        action: 'dispute.view_evidence',
        object: { type: 'dispute', id: 7, label: 'Carrelage mal posé' },
        changes: [],
        details: { evidence: [1] },
      }),
    ];
    const api = fakeApi()
      .get('/api/disputes/:id/', () => dispute)
      .get('/api/admin/audit/', () => aPage([...entries].reverse()))
      .post('/api/disputes/:id/update_status/', () => {
        entries.push(
          anAuditEntry({
            id: 31,
            action: 'dispute.update_status',
            object: { type: 'dispute', id: 7, label: 'Carrelage mal posé' },
            changes: [{ field: 'status', before: 'open', after: 'closed' }],
          }),
        );
        return { ...dispute, status: 'closed' };
      });
    renderApp('/disputes/7');
    const history = await screen.findByRole('region', { name: 'Historique' }, { timeout: 5000 });
    expect(await within(history).findByText('Preuves consultées : 1')).toBeTruthy();
    expect(api.callsTo('/api/admin/audit/')[0]?.url.searchParams.get('object_type')).toBe('dispute');
    fireEvent.click(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fermé', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour le statut' }));
    expect(
      await within(history).findByText('Statut : En attente → Fermé', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('tells when the update failed', async () => {
    storeSession();
    fakeApi()
      .get('/api/disputes/:id/', () => dispute)
      .post('/api/disputes/:id/update_status/', () => reply(500, { detail: 'Erreur interne' }));
    renderApp('/disputes/7');
    await screen.findByRole('heading', { name: 'Carrelage mal posé' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour le statut' }));
    expect(
      await screen.findByText('Impossible de mettre à jour le statut du litige.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it("shows 'Litige non trouvé' for an unknown dispute and the banner for a failed load", async () => {
    storeSession();
    fakeApi().get('/api/disputes/:id/', ({ params }) =>
      params.id === '404' ? reply(404, { detail: 'Litige introuvable.' }) : reply(500, { detail: 'Erreur' }),
    );
    const { unmount } = renderApp('/disputes/404');
    expect(await screen.findByText('Litige non trouvé', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour aux litiges' }).getAttribute('href')).toBe('/disputes');
    unmount();
    renderApp('/disputes/9');
    const message = await screen.findByText(
      'Impossible de charger les détails du litige.',
      {},
      { timeout: 5000 },
    );
    const alert = message.closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Retour aux litiges' })).toBeTruthy();
  });

  it("shows 'nouvel essai…' while a server failure is tried again, then the case file", async () => {
    storeSession();
    let calls = 0;
    fakeApi().get('/api/disputes/:id/', () => {
      calls += 1;
      return calls === 1 ? reply(503, { detail: 'Base indisponible' }) : dispute;
    });
    renderApp('/disputes/7', { retries: true });
    expect(await screen.findByText(RETRYING_TEXT)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Carrelage mal posé' })).toBeTruthy();
    expect(screen.queryByText(RETRYING_TEXT)).toBeNull();
  });
});

describe('dispute detail evidence links', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The dispute as the API signs it at each call: a new link valid for 300 s from that call. */
  function signingApi() {
    let signed = 0;
    const api = fakeApi().get('/api/disputes/:id/', () => {
      signed += 1;
      const expires = Math.floor(Date.now() / 1000) + 300;
      const [evidence] = dispute.evidence;
      if (!evidence) throw new Error('the dispute has no evidence');
      return {
        ...dispute,
        evidence: [
          {
            ...evidence,
            file: `/api/documents/disputes/7/photo.png?expires=${expires}&signature=s${signed}`,
          },
        ],
      };
    });
    return api;
  }

  it('fetches fresh signed links before they expire while the detail stays open', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    storeSession();
    const api = signingApi();
    renderApp('/disputes/7');
    const link = await screen.findByRole('link', { name: /Voir le fichier 1 de Carla Dias/ });
    expect(link.getAttribute('href')).toContain('signature=s1');
    // Three minutes later the link is still the first one: it has two minutes left.
    await vi.advanceTimersByTimeAsync(180_000);
    expect(api.callsTo('/api/disputes/7/')).toHaveLength(1);
    // A minute before it expires (300 s), the detail is fetched again and the link replaced.
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: /Voir le fichier 1 de Carla Dias/ }).getAttribute('href'),
      ).toContain('signature=s2'),
    );
    expect(api.callsTo('/api/disputes/7/')).toHaveLength(2);
  });

  it('keeps the case file on screen when a refresh of the links fails', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    storeSession();
    const api = signingApi();
    renderApp('/disputes/7');
    await screen.findByRole('heading', { name: 'Carrelage mal posé' });
    api.get('/api/disputes/:id/', () => reply(500, { detail: 'Erreur interne' }));
    await vi.advanceTimersByTimeAsync(240_000);
    await waitFor(() => expect(api.callsTo('/api/disputes/7/')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Carrelage mal posé' })).toBeTruthy();
    expect(screen.queryByText('Impossible de charger les détails du litige.')).toBeNull();
  });
});
