import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETRYING_TEXT } from '../../components/query-state';
import { aCategory, aSubcategory } from '../../test/builders';
import { fakeApi, reply } from '../../test/fake-api';
import { renderApp, storeSession } from '../../test/render-app';
import { PREVIEW_FAILED } from './components/category-form-modal';

const LOAD_FAILED = 'Impossible de charger les catégories. Veuillez réessayer.';

const PLOMBERIE = aCategory({
  id: 1,
  name: 'Plomberie',
  description: 'Eau et sanitaires',
  icon: 'plumbing',
  subcategories_count: 1,
});
const JARDINAGE = aCategory({ id: 2, name: 'Jardinage' });
const FUITES = aSubcategory({
  id: 10,
  name: 'Fuites',
  description: 'Recherche de fuites',
  category: 1,
  category_name: 'Plomberie',
});

/** The catalogue of two categories and one subcategory; tests route other answers on top. */
function catalogueApi() {
  return fakeApi()
    .get('/api/categories/', () => [PLOMBERIE, JARDINAGE])
    .get('/api/subcategories/', () => [FUITES]);
}

describe('categories page', () => {
  it('shows the load error, never the empty text, when the catalogue cannot be read', async () => {
    storeSession();
    catalogueApi().get('/api/categories/', () => reply(500, { detail: 'panne' }));
    renderApp('/categories');
    await screen.findByText(LOAD_FAILED);
    expect(screen.queryByText('Aucune catégorie')).toBeNull();
  });

  it("says 'Aucune catégorie' for an empty catalogue", async () => {
    storeSession();
    catalogueApi()
      .get('/api/categories/', () => [])
      .get('/api/subcategories/', () => []);
    renderApp('/categories');
    await screen.findByText('Aucune catégorie');
  });

  it("shows 'nouvel essai…' while a server failure is tried again, then the catalogue", async () => {
    storeSession();
    let calls = 0;
    catalogueApi().get('/api/categories/', () => {
      calls += 1;
      return calls === 1 ? reply(503, { detail: 'Base indisponible' }) : [PLOMBERIE, JARDINAGE];
    });
    renderApp('/categories', { retries: true });
    expect(await screen.findByText(RETRYING_TEXT)).toBeTruthy();
    expect(await screen.findByText('Plomberie')).toBeTruthy();
    expect(screen.queryByText(RETRYING_TEXT)).toBeNull();
  });

  it('checks the catalogue against the contract: an answer of another shape is the load error, not a crash', async () => {
    storeSession();
    // A page instead of the contract's plain array.
    const api = catalogueApi().get('/api/categories/', () => ({ count: 2, results: [PLOMBERIE, JARDINAGE] }));
    renderApp('/categories');
    await screen.findByText(LOAD_FAILED);
    expect(screen.queryByText("L'écran n'a pas pu être affiché")).toBeNull();
    // A wrong shape will not change on a second try: no retry.
    expect(api.callsTo('/api/categories/')).toHaveLength(1);
  });

  it('checks a save answer against the contract: a malformed one is a failure, the form and its input stay', async () => {
    storeSession();
    const api = catalogueApi().post('/api/categories/', () => ({ id: 3 }));
    renderApp('/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une catégorie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une catégorie' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nom/ }), {
      target: { value: 'Menuiserie' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Impossible de sauvegarder la catégorie')).toBeTruthy();
    expect(api.callsTo('/api/categories/', 'POST')[0]?.body).toMatchObject({ name: 'Menuiserie' });
    expect((within(dialog).getByRole('textbox', { name: /Nom/ }) as HTMLInputElement).value).toBe(
      'Menuiserie',
    );
    expect(screen.queryByText('Catégorie créée avec succès')).toBeNull();
  });

  it('asks where to move the projects when the server says the category is in use', async () => {
    storeSession();
    const api = catalogueApi().delete('/api/categories/:id/', ({ url }) =>
      url.searchParams.get('move_projects_to') === '2'
        ? reply(204)
        : reply(409, { detail: 'Cette catégorie est utilisée par 3 projets.', code: 'category_in_use' }),
    );
    renderApp('/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer la catégorie Plomberie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la catégorie' });
    expect(dialog.textContent).toContain('Toutes ses sous-catégories seront également supprimées (1).');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await screen.findByText('Cette catégorie est utilisée par 3 projets.');
    // The dialog now asks for a destination and sends nothing more until one is chosen.
    await screen.findByRole('combobox', { name: /Déplacer les projets vers/ });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await screen.findByText('Choisissez la catégorie qui recevra les projets');
    await waitFor(() => expect(api.callsTo('/api/categories/1/', 'DELETE')).toHaveLength(1));
    expect(api.callsTo('/api/categories/1/', 'DELETE')[0]?.url.searchParams.has('move_projects_to')).toBe(
      false,
    );
  }, 15_000);

  it('previews an http or https image URL, says when it cannot be loaded, and previews nothing the server would refuse', async () => {
    storeSession();
    catalogueApi();
    renderApp('/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une catégorie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une catégorie' });
    const url = within(dialog).getByRole('textbox', { name: "URL de l'image" });
    fireEvent.change(url, { target: { value: 'http://images.example.com/plomberie.png' } });
    const preview = within(dialog).getByRole('img', { name: "Aperçu de l'image" });
    expect(preview.getAttribute('src')).toBe('http://images.example.com/plomberie.png');
    fireEvent.error(preview);
    expect(await within(dialog).findByText(PREVIEW_FAILED)).toBeTruthy();
    // Another address is tried afresh.
    fireEvent.change(url, { target: { value: 'https://images.example.com/jardin.png' } });
    expect(within(dialog).getByRole('img', { name: "Aperçu de l'image" }).getAttribute('src')).toBe(
      'https://images.example.com/jardin.png',
    );
    expect(within(dialog).queryByText(PREVIEW_FAILED)).toBeNull();
    // Not an absolute http(s) URL: the server refuses it, so nothing is previewed.
    fireEvent.change(url, { target: { value: 'images/jardin.png' } });
    expect(within(dialog).queryByRole('img', { name: "Aperçu de l'image" })).toBeNull();
  });
});
