import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CategoryList, SubcategoryList } from '@kwanza/contract';
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
const api = <T>(pathAndQuery: string) => apiGet<T>(server, session, pathAndQuery);

async function openCategories(page: Page): Promise<void> {
  await storeSession(browser.context, session);
  await page.goto('/categories');
  await page.getByRole('heading', { name: 'Gestion des catégories' }).waitFor();
  await page.locator('.mantine-Accordion-item').first().waitFor();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The accordion toggle of a category: its name, then its subcategory count. */
const toggleName = (name: string) => new RegExp(`^${escapeRegExp(name)} \\d+ sous-catégories?$`);

/** The accordion item of a category, found by its exact name. */
function itemOf(page: Page, name: string) {
  return page
    .locator('.mantine-Accordion-item')
    .filter({ has: page.getByRole('button', { name: toggleName(name) }) });
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
}

/** A 1×1 transparent PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** An image host of its own (another origin than the console), over plain http. */
async function startImageHost(): Promise<{ url: (path: string) => string; close: () => Promise<void> }> {
  const host = createServer((request, response) => {
    if (request.url === '/pixel.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PIXEL);
      return;
    }
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => host.close(() => resolve())),
  };
}

describe('categories screen', () => {
  it('previews an http image from another address (what the API accepts), and says when one cannot load', async () => {
    const { page } = browser;
    const images = await startImageHost();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refusals.push(message.text());
    });
    try {
      await openCategories(page);
      await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter une catégorie' });
      const address = dialog.getByRole('textbox', { name: "URL de l'image" });
      await address.fill(images.url('/pixel.png'));
      const preview = dialog.getByRole('img', { name: "Aperçu de l'image" });
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : -1)))
        .toBe(1);
      expect(refusals).toEqual([]);

      await address.fill(images.url('/absent.png'));
      await dialog
        .getByText("Aperçu indisponible : l'image n'a pas pu être chargée depuis cette adresse.")
        .waitFor();
      await dialog.getByRole('button', { name: 'Annuler' }).click();
    } finally {
      await images.close();
    }
  });

  it('adds a category and a subcategory under it, edits both, and refuses a duplicate name keeping the input', async () => {
    const { page } = browser;
    await openCategories(page);

    await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Ajouter une catégorie' });
    await categoryDialog.getByRole('textbox', { name: 'Nom' }).fill('Énergie solaire');
    await categoryDialog.getByRole('textbox', { name: 'Description' }).fill('Installation de panneaux');
    await categoryDialog.getByRole('textbox', { name: 'Icône' }).fill('bolt');
    await categoryDialog
      .getByRole('textbox', { name: "URL de l'image" })
      .fill('https://images.example.com/solaire.jpg');
    await categoryDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Catégorie créée avec succès');
    await categoryDialog.waitFor({ state: 'hidden' });
    await itemOf(page, 'Énergie solaire').waitFor();

    // A name that differs only by accents and case is refused on its field; what was typed stays.
    await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
    await categoryDialog.getByRole('textbox', { name: 'Nom' }).fill('energie SOLAIRE');
    await categoryDialog.getByRole('textbox', { name: 'Description' }).fill('Doublon');
    await categoryDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await categoryDialog.getByText('Une catégorie porte déjà ce nom').waitFor();
    expect(await categoryDialog.getByRole('textbox', { name: 'Nom' }).inputValue()).toBe('energie SOLAIRE');
    expect(await categoryDialog.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Doublon');
    await categoryDialog.getByRole('button', { name: 'Annuler' }).click();

    await page.getByRole('button', { name: 'Ajouter une sous-catégorie', exact: true }).click();
    const subDialog = page.getByRole('dialog', { name: 'Ajouter une sous-catégorie' });
    await subDialog.getByRole('combobox', { name: 'Catégorie parente' }).click();
    await page.getByRole('option', { name: 'Énergie solaire' }).click();
    await subDialog.getByRole('textbox', { name: 'Nom' }).fill('Panneaux');
    await subDialog.getByRole('textbox', { name: 'Description' }).fill('x'.repeat(120));
    await subDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Sous-catégorie créée avec succès');
    await subDialog.waitFor({ state: 'hidden' });

    const item = itemOf(page, 'Énergie solaire');
    await item.getByText('1 sous-catégorie').waitFor();
    await item.getByRole('button', { name: toggleName('Énergie solaire') }).click();
    await item.getByText('Installation de panneaux').waitFor();
    expect(await item.getByRole('link', { name: "Voir l'image" }).getAttribute('href')).toBe(
      'https://images.example.com/solaire.jpg',
    );
    // The subcategory's description is cut at 100 characters with an ellipsis.
    const cut = await item.getByText(/^x+…$|^x+\.\.\.$/).textContent();
    expect(cut?.replace(/…|\.\.\./, '').length).toBe(100);

    await page.getByRole('button', { name: 'Modifier la catégorie Énergie solaire' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Modifier la catégorie' });
    await editDialog.getByRole('textbox', { name: 'Nom' }).fill('Énergie renouvelable');
    await editDialog.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Catégorie mise à jour avec succès');
    await itemOf(page, 'Énergie renouvelable').waitFor();

    await page.getByRole('button', { name: 'Modifier la sous-catégorie Panneaux' }).click();
    const editSub = page.getByRole('dialog', { name: 'Modifier la sous-catégorie' });
    await editSub.getByRole('textbox', { name: 'Nom' }).fill('Panneaux photovoltaïques');
    await editSub.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Sous-catégorie mise à jour avec succès');
    await page.getByText('Panneaux photovoltaïques').waitFor();

    const subs = await api<SubcategoryList>('/subcategories/');
    expect(subs.find((sub) => sub.name === 'Panneaux photovoltaïques')?.category_name).toBe(
      'Énergie renouvelable',
    );
  });

  it('deletes a used category only by moving its projects, deletes an unused subcategory, and the projects filter follows', async () => {
    const before = await api<CategoryList>('/categories/');
    const used = [...before].sort((a, b) => b.projects_count - a.projects_count)[0];
    const target = before.find((category) => category.id !== used?.id);
    if (!used || !target || used.projects_count === 0)
      throw new Error('Les données de démonstration ont changé');
    const subs = await api<SubcategoryList>('/subcategories/');
    const unused = subs.find((sub) => sub.projects_count === 0 && sub.category !== used.id);
    if (!unused) throw new Error('Aucune sous-catégorie inutilisée dans les données de démonstration');

    const { page } = browser;
    await openCategories(page);
    await page.getByRole('button', { name: `Supprimer la catégorie ${used.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer la catégorie' });
    await dialog
      .getByText('Toutes ses sous-catégories seront également supprimées', { exact: false })
      .waitFor();
    const projets = new Intl.NumberFormat('fr-FR').format(used.projects_count);
    await dialog.getByText(`Elle est utilisée par ${projets} projet`, { exact: false }).waitFor();
    // Without a destination, nothing is deleted.
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await dialog.getByText('Choisissez la catégorie qui recevra les projets').waitFor();
    await dialog.getByRole('combobox', { name: 'Déplacer les projets vers' }).click();
    await page.getByRole('option', { name: target.name, exact: true }).click();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'Catégorie supprimée avec succès');
    await itemOf(page, used.name).waitFor({ state: 'detached' });

    const after = await api<CategoryList>('/categories/');
    expect(after.find((category) => category.id === used.id)).toBeUndefined();
    expect(after.find((category) => category.id === target.id)?.projects_count).toBe(
      target.projects_count + used.projects_count,
    );

    const parentName = before.find((category) => category.id === unused.category)?.name ?? '';
    await itemOf(page, parentName)
      .getByRole('button', { name: toggleName(parentName) })
      .click();
    await page
      .getByRole('button', { name: `Supprimer la sous-catégorie ${unused.name}`, exact: true })
      .click();
    const subDialog = page.getByRole('dialog', { name: 'Supprimer la sous-catégorie' });
    await subDialog.getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'Sous-catégorie supprimée avec succès');
    const subsAfter = await api<SubcategoryList>('/subcategories/');
    expect(subsAfter.find((sub) => sub.id === unused.id)).toBeUndefined();

    // The projects screen's category filter shows the change without a reload.
    await page.getByRole('link', { name: 'Projets' }).click();
    await page.getByRole('combobox', { name: 'Filtrer par catégorie' }).click();
    await page.getByRole('option', { name: target.name, exact: true }).waitFor();
    expect(await page.getByRole('option', { name: used.name, exact: true }).count()).toBe(0);
  });
});
