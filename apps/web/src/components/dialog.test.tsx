import { Button } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { openConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

/** A detail dialog with a thumbnail that opens a viewer over it (the verification detail's shape). */
function NestedDialogs({ onDelete }: { onDelete: () => void }) {
  const [detail, setDetail] = useState(false);
  const [viewer, setViewer] = useState(false);
  return (
    <>
      <Button onClick={() => setDetail(true)}>Voir</Button>
      <Dialog opened={detail} onClose={() => setDetail(false)} title="Détail">
        <Button onClick={() => setViewer(true)}>Agrandir</Button>
        <Button
          color="red"
          onClick={() =>
            openConfirmDialog({
              title: 'Supprimer',
              message: 'Sûr ?',
              destructive: true,
              onConfirm: onDelete,
            })
          }
        >
          Supprimer
        </Button>
        <Dialog opened={viewer} onClose={() => setViewer(false)} title="Document">
          <p>Image</p>
        </Dialog>
      </Dialog>
    </>
  );
}

function renderNested(onDelete = vi.fn()) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <NestedDialogs onDelete={onDelete} />
    </AppProviders>,
  );
  return onDelete;
}

const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('Dialog', () => {
  it('closes nested dialogs one at a time with Escape', async () => {
    renderNested();
    fireEvent.click(screen.getByRole('button', { name: 'Voir' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Agrandir' }));
    await screen.findByRole('dialog', { name: 'Document' });
    pressEscape();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Document' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Détail' })).toBeTruthy();
    pressEscape();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Détail' })).toBeNull());
  });

  it("gives the first focus to 'Annuler' in a confirmation, and Escape closes it alone", async () => {
    const onDelete = renderNested();
    fireEvent.click(screen.getByRole('button', { name: 'Voir' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Supprimer' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Annuler'));
    expect(confirmation.contains(document.activeElement)).toBe(true);
    pressEscape();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Supprimer' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Détail' })).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
  });
});
