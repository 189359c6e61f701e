import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findShellTitle, renderApp, storeSession, stubApiNotFound } from '../test/render-app';

vi.mock('../features/settings/settings-page', () => ({
  default: function CrashingPage(): never {
    throw new Error('écran en panne');
  },
}));

describe('a crashing screen', () => {
  it('shows its error inside the shell: the sidebar and the header stay', async () => {
    stubApiNotFound();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeSession();
    renderApp('/settings');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/L'écran n'a pas pu être affiché/)).toBeTruthy();
    expect(await findShellTitle('Paramètres')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
  });
});
