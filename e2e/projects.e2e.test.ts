import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, type StoredSession, storeSession, useBrowser } from './support/browser';
import { type RunningServer, startServer } from './support/server';

let server: RunningServer;
let session: StoredSession;

beforeAll(async () => {
  server = await startServer();
  session = await fetchSession(server);
});

afterAll(async () => {
  await server?.stop();
});

const browser = useBrowser(() => server);

interface ProjectRow {
  id: number;
  title: string;
  status: string;
  category_name: string | null;
  offers_count: number;
}

const api = <T>(pathAndQuery: string) => apiGet<T>(server, session, pathAndQuery);

/** Reads the seeded SQLite database of the running server (disputes have no API yet). */
function queryDatabase<T>(sql: string): T[] {
  const database = new Database(path.join(server.dataDir, 'kwanza.sqlite'), { readonly: true });
  try {
    return database.prepare(sql).all() as T[];
  } finally {
    database.close();
  }
}

async function openProjects(page: Page, query = ''): Promise<void> {
  await storeSession(browser.context, session);
  await page.goto(`/projects${query}`);
  await page.getByRole('table', { name: 'Liste des projets' }).waitFor();
}

/** The list row of a project (titles of the demo data may repeat). */
function rowOf(page: Page, id: number) {
  return page.locator('tbody tr').filter({ has: page.locator(`a[href="/projects/${id}"]`) });
}

const frenchNumber = (value: number) => new Intl.NumberFormat('fr-FR').format(value);
const rangeText = (count: number) =>
  `Affichage de 1 à ${frenchNumber(Math.min(10, count))} sur ${frenchNumber(count)} résultats`;

describe('projects list', () => {
  it('shows the headline counts and filters by status, completed including closed', async () => {
    const stats = await api<{ total_projects: number }>('/admin/projects/stats/');
    const inProgress = await api<{ count: number }>('/admin/projects/?status=in_progress&page_size=1');
    const completed = await api<{ count: number }>('/admin/projects/?status=completed&page_size=1');
    const { page } = browser;
    await openProjects(page);
    expect(await page.getByRole('group', { name: 'Total des projets' }).textContent()).toContain(
      frenchNumber(stats.total_projects),
    );

    await page.getByRole('combobox', { name: 'Filtrer par statut' }).click();
    await page.getByRole('option', { name: 'En cours' }).click();
    await page.waitForURL(/status=in_progress/);
    await page.getByText(rangeText(inProgress.count)).waitFor();
    const statuses = await page
      .getByRole('table', { name: 'Liste des projets' })
      .locator('tbody tr td:nth-child(5)')
      .allInnerTexts();
    expect(statuses.length).toBe(Math.min(10, inProgress.count));
    expect(new Set(statuses)).toEqual(new Set(['En cours']));

    await page.getByRole('combobox', { name: 'Filtrer par statut' }).click();
    await page.getByRole('option', { name: 'Terminé' }).click();
    await page.waitForURL(/status=completed/);
    await page.getByText(rangeText(completed.count)).waitFor();
    const completedStatuses = await page
      .getByRole('table', { name: 'Liste des projets' })
      .locator('tbody tr td:nth-child(5)')
      .allInnerTexts();
    for (const status of completedStatuses) expect(['Terminé', 'Fermé']).toContain(status);

    // The filter lives in the URL: a reload keeps it.
    await page.reload();
    await page.getByText(rangeText(completed.count)).waitFor();
    expect(await page.getByRole('combobox', { name: 'Filtrer par statut' }).inputValue()).toBe('Terminé');
  });

  it('filters by category and pages through the results', async () => {
    const categories = await api<{ id: number; name: string }[]>('/admin/projects/categories/');
    const counts = await Promise.all(
      categories.map(async (category) => ({
        category,
        count: (await api<{ count: number }>(`/admin/projects/?category=${category.id}&page_size=1`)).count,
      })),
    );
    const chosen = counts.find((entry) => entry.count > 10) ?? counts.find((entry) => entry.count > 0);
    expect(chosen).toBeDefined();
    if (!chosen) return;
    const { page } = browser;
    await openProjects(page);
    await page.getByRole('combobox', { name: 'Filtrer par catégorie' }).click();
    await page.getByRole('option', { name: chosen.category.name, exact: true }).click();
    await page.waitForURL(new RegExp(`category=${chosen.category.id}`));
    await page.getByText(rangeText(chosen.count)).waitFor();
    const names = await page
      .getByRole('table', { name: 'Liste des projets' })
      .locator('tbody tr td:nth-child(3)')
      .allInnerTexts();
    expect(new Set(names)).toEqual(new Set([chosen.category.name]));

    if (chosen.count > 10) {
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(/page=2/);
      await page.getByText(`Affichage de 11 à ${frenchNumber(Math.min(20, chosen.count))} sur`).waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Pagination' })
          .getByRole('button', { name: /^Page / })
          .count(),
      ).toBeLessThanOrEqual(4);
    }
  });

  it("shows 'En pause' whole at 1440 px, never cut to 'En pau…'", async () => {
    const { page } = browser;
    expect(page.viewportSize()?.width).toBe(1440);
    await openProjects(page, '?status=paused');
    const badges = page
      .getByRole('table', { name: 'Liste des projets' })
      .locator('tbody .mantine-Badge-root');
    await badges.first().waitFor();
    const measures = await badges.evaluateAll((elements) =>
      elements.map((badge) => {
        const label = badge.querySelector('.mantine-Badge-label') ?? badge;
        const range = document.createRange();
        // The words themselves (the label's text node), not the label's box.
        range.selectNodeContents(label.firstChild ?? label);
        const text = range.getBoundingClientRect();
        const box = badge.getBoundingClientRect();
        const cell = badge.closest('td')?.getBoundingClientRect() ?? box;
        return {
          text: label.textContent,
          clipped: label.scrollWidth > label.clientWidth,
          // The words fit inside the pill, and the pill inside its cell.
          textInsideBadge: text.left >= box.left - 0.5 && text.right <= box.right + 0.5,
          badgeInsideCell: box.right <= cell.right + 0.5,
          lines: new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          ).size,
        };
      }),
    );
    expect(measures.length).toBeGreaterThan(0);
    for (const measure of measures) {
      expect(measure).toEqual({
        text: 'En pause',
        clipped: false,
        textInsideBadge: true,
        badgeInsideCell: true,
        lines: 1,
      });
    }
  });

  it('shows the empty text when no project matches the filters', async () => {
    const { page } = browser;
    await storeSession(browser.context, session);
    await page.goto('/projects?search=zzzz-aucun-projet-zzzz');
    await page.getByText('Aucun projet trouvé').waitFor();
    await page.getByText('Essayez de modifier vos critères de recherche').waitFor();
  });

  it('deletes a project without disputes after confirmation', async () => {
    const [target] = queryDatabase<{ id: number; title: string; client_id: number }>(
      `select id, title, client_id from projects where id not in (select project_id from disputes where project_id is not null)
       order by created_at desc, id desc limit 1`,
    );
    expect(target).toBeDefined();
    if (!target) return;
    const { page } = browser;
    await openProjects(page, `?search=${encodeURIComponent(target.title)}&client=${target.client_id}`);
    const before = (await api<{ count: number }>('/admin/projects/?page_size=1')).count;
    await rowOf(page, target.id)
      .getByRole('button', { name: `Supprimer le projet ${target.title}`, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer le projet' });
    await dialog.getByText(`« ${target.title} »`).waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Projet supprimé avec succès').waitFor();
    const response = await fetch(`${server.baseUrl}/api/admin/projects/${target.id}/`, {
      headers: { Authorization: `Bearer ${session.access}` },
    });
    expect(response.status).toBe(404);
    expect((await api<{ count: number }>('/admin/projects/?page_size=1')).count).toBe(before - 1);
  });

  it("refuses to delete a project that has disputes and shows the server's reason", async () => {
    const [target] = queryDatabase<{ id: number; title: string; client_id: number }>(
      'select p.id, p.title, p.client_id from projects p join disputes d on d.project_id = p.id order by p.created_at desc limit 1',
    );
    expect(target).toBeDefined();
    if (!target) return;
    const { page } = browser;
    await openProjects(page, `?search=${encodeURIComponent(target.title)}&client=${target.client_id}`);
    await rowOf(page, target.id)
      .getByRole('button', { name: `Supprimer le projet ${target.title}`, exact: true })
      .click();
    await page
      .getByRole('dialog', { name: 'Supprimer le projet' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await page.getByText('Ce projet ne peut pas être supprimé : des litiges y sont rattachés.').waitFor();
    expect((await api<{ id: number }>(`/admin/projects/${target.id}/`)).id).toBe(target.id);
  });
});

describe('project detail', () => {
  it('opens a project from the list, reads its offers, and saves status and note that survive a reload', async () => {
    const page1 = await api<{ results: ProjectRow[] }>('/admin/projects/?page_size=10');
    const project = page1.results.find((row) => row.offers_count > 0);
    expect(project).toBeDefined();
    if (!project) return;
    const offers = await api<{ provider_name: string; proposed_price: number }[]>(
      `/admin/projects/${project.id}/offers/`,
    );
    const { page } = browser;
    await openProjects(page);
    await rowOf(page, project.id)
      .getByRole('link', { name: `Modifier le projet ${project.title}`, exact: true })
      .click();
    await page.waitForURL(`**/projects/${project.id}`);
    await page.getByRole('heading', { name: project.title }).waitFor();
    await page.getByText(`ID: ${project.id}`).waitFor();
    await page.getByRole('link', { name: '← Retour aux projets' }).waitFor();

    await page.getByRole('tab', { name: `Offres (${offers.length})`, exact: true }).click();
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(offers.length);
    const firstOffer = offers[0];
    if (firstOffer) {
      const text = await cards.first().textContent();
      expect(text).toContain(firstOffer.provider_name);
      expect(text).toContain('AOA');
    }

    const nextStatus = project.status === 'paused' ? 'Ouvert' : 'En pause';
    const note = `Vérifié par l'équipe ${Date.now()}`;
    await page.getByRole('tab', { name: 'Administration' }).click();
    await page.getByRole('combobox', { name: 'Statut du projet' }).click();
    await page.getByRole('option', { name: nextStatus }).click();
    await page.getByRole('textbox', { name: 'Notes administratives' }).fill(note);
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Statut du projet mis à jour avec succès').waitFor();

    // The open tab is in the URL: a reload comes back to Administration.
    expect(new URL(page.url()).search).toBe('?tab=administration');
    await page.reload();
    await page.getByRole('tab', { name: 'Administration', selected: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Statut du projet' }).inputValue()).toBe(nextStatus);
    expect(await page.getByRole('textbox', { name: 'Notes administratives' }).inputValue()).toBe(note);
  });

  it("shows 'Projet non trouvé' for an unknown project", async () => {
    const { page } = browser;
    await storeSession(browser.context, session);
    await page.goto('/projects/99999999');
    await page.getByText('Projet non trouvé').waitFor();
    await page.getByRole('link', { name: 'Retour aux projets' }).click();
    await page.waitForURL('**/projects');
  });
});
