import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETRYING_TEXT } from '../../components/query-state';
import { aProject } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';

const project = aProject({ id: 3, title: 'Rénovation cuisine', offers_count: 0 });

function projectApi() {
  return fakeApi()
    .get('/api/admin/projects/:id/', () => project)
    .get('/api/admin/projects/:id/offers/', () => []);
}

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

describe('project detail page', () => {
  it('opens the tab named in the URL, so a reload or a link keeps it', async () => {
    storeSession();
    projectApi();
    renderApp('/projects/3?tab=offers');
    expect(await screen.findByText('Aucune offre')).toBeTruthy();
    expect(selectedTab()).toBe('Offres (0)');
  });

  it('keeps the chosen tab in the URL without adding a history entry', async () => {
    storeSession();
    projectApi();
    const { router } = renderApp('/projects/3');
    await screen.findByRole('heading', { name: 'Rénovation cuisine' });
    expect(selectedTab()).toBe('Détails');
    fireEvent.click(screen.getByRole('tab', { name: 'Administration' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=administration'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('textbox', { name: 'Notes administratives' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Détails' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows the details tab for an unknown tab in the URL', async () => {
    storeSession();
    projectApi();
    renderApp('/projects/3?tab=historique');
    await screen.findByRole('heading', { name: 'Rénovation cuisine' });
    expect(selectedTab()).toBe('Détails');
  });

  it("shows 'nouvel essai…' while a server failure is tried again, then the project", async () => {
    storeSession();
    let calls = 0;
    projectApi().get('/api/admin/projects/:id/', () => {
      calls += 1;
      return calls === 1 ? reply(502) : project;
    });
    renderApp('/projects/3', { retries: true });
    expect(await screen.findByText(RETRYING_TEXT)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Rénovation cuisine' })).toBeTruthy();
    expect(screen.queryByText(RETRYING_TEXT)).toBeNull();
  });

  it("shows 'nouvel essai…' in the offers tab while their load is tried again", async () => {
    storeSession();
    let calls = 0;
    projectApi().get('/api/admin/projects/:id/offers/', () => {
      calls += 1;
      return calls === 1 ? reply(500, { detail: 'Erreur interne' }) : [];
    });
    renderApp('/projects/3?tab=offers', { retries: true });
    expect(await screen.findByText(RETRYING_TEXT)).toBeTruthy();
    expect(await screen.findByText('Aucune offre')).toBeTruthy();
  });
});
