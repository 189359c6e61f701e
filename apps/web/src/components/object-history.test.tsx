import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAuditEntry, aPage } from '../test/builders';
import { fakeApi, reply } from '../test/fake-api';
import { renderWithRouter } from '../test/render-with-router';
import { HISTORY_EMPTY, HISTORY_LOAD_ERROR, ObjectHistory } from './object-history';

describe('ObjectHistory', () => {
  it("lists an object's entries, newest first, with who, when and the values before and after", async () => {
    const api = fakeApi().get('/api/admin/audit/', () =>
      aPage(
        [
          anAuditEntry({ id: 9 }),
          anAuditEntry({
            id: 8,
            action: 'provider_verification.view_documents',
            changes: [],
            details: { documents: ['id_card_front', 'selfie_image'] },
          }),
        ],
        12,
      ),
    );
    renderWithRouter(<ObjectHistory type="provider_verification" id={42} />);
    const section = await screen.findByRole('region', { name: 'Historique' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText("Rejet d'une vérification de prestataire")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText(/admin@kwanza\.test/)).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Statut : En attente → Rejeté')).toBeTruthy();
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: "Voir l'entrée n° 9 dans le journal" })
        .getAttribute('href'),
    ).toBe('/audit?entry=9');
    expect(within(items[1] as HTMLElement).getByText('Documents : Recto de la carte, Selfie')).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: "Tout l'historique dans le journal d'audit" })
        .getAttribute('href'),
    ).toBe('/audit?object_type=provider_verification&object_id=42');
    const query = api.callsTo('/api/admin/audit/')[0]?.url.searchParams;
    expect(query?.get('object_type')).toBe('provider_verification');
    expect(query?.get('object_id')).toBe('42');
    expect(query?.get('page_size')).toBe('10');
  });

  it('says when nothing was recorded, and when the history cannot load', async () => {
    fakeApi().get('/api/admin/audit/', () => aPage([]));
    const { unmount } = renderWithRouter(<ObjectHistory type="project" id={3} />);
    expect(await screen.findByText(HISTORY_EMPTY)).toBeTruthy();
    unmount();
    fakeApi().get('/api/admin/audit/', () => reply(403, { detail: 'Refusé' }));
    renderWithRouter(<ObjectHistory type="project" id={3} />);
    expect((await screen.findByRole('alert')).textContent).toBe(HISTORY_LOAD_ERROR);
  });
});
