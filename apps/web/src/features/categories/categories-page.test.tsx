import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, storeSession } from '../../test/render-app';

const CATEGORY = {
  id: 1,
  name: 'Plomberie',
  description: 'Eau et sanitaires',
  icon: 'plumbing',
  image_url: null,
  subcategories_count: 1,
  projects_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};
const OTHER = { ...CATEGORY, id: 2, name: 'Jardinage', subcategories_count: 0 };
const SUBCATEGORY = {
  id: 10,
  name: 'Fuites',
  description: 'Recherche de fuites',
  icon: '',
  category: 1,
  category_name: 'Plomberie',
  projects_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/auth/me/')) return jsonResponse(200, {});
    return jsonResponse(404, { detail: 'introuvable' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('categories page', () => {
  it('shows the load error, never the empty text, when the catalogue cannot be read', async () => {
    storeSession();
    stubApi((url) =>
      url.startsWith('/api/categories/') ? jsonResponse(500, { detail: 'panne' }) : undefined,
    );
    renderApp('/categories');
    await screen.findByText(
      'Impossible de charger les catégories. Veuillez réessayer.',
      {},
      { timeout: 5000 },
    );
    expect(screen.queryByText('Aucune catégorie')).toBeNull();
  });

  it("says 'Aucune catégorie' for an empty catalogue", async () => {
    storeSession();
    stubApi((url) =>
      url.startsWith('/api/categories/') || url.startsWith('/api/subcategories/')
        ? jsonResponse(200, [])
        : undefined,
    );
    renderApp('/categories');
    await screen.findByText('Aucune catégorie', {}, { timeout: 5000 });
  });

  it('asks where to move the projects when the server says the category is in use', async () => {
    storeSession();
    const deletes: string[] = [];
    stubApi((url, init) => {
      if (init?.method === 'DELETE') {
        deletes.push(url);
        return url.includes('move_projects_to=2')
          ? new Response(null, { status: 204 })
          : jsonResponse(409, {
              detail: 'Cette catégorie est utilisée par 3 projets.',
              code: 'category_in_use',
            });
      }
      if (url.startsWith('/api/categories/')) return jsonResponse(200, [CATEGORY, OTHER]);
      if (url.startsWith('/api/subcategories/')) return jsonResponse(200, [SUBCATEGORY]);
      return undefined;
    });
    renderApp('/categories');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Supprimer la catégorie Plomberie' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la catégorie' });
    expect(dialog.textContent).toContain('Toutes ses sous-catégories seront également supprimées (1).');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await screen.findByText('Cette catégorie est utilisée par 3 projets.');
    // The dialog now asks for a destination and sends nothing more until one is chosen.
    await screen.findByRole('combobox', { name: /Déplacer les projets vers/ });
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await screen.findByText('Choisissez la catégorie qui recevra les projets');
    expect(deletes).toEqual(['/api/categories/1/']);
  }, 15_000);
});
