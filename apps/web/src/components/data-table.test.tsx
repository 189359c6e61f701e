import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';
import { EmptyState } from './empty-state';

interface Row {
  id: number;
  name: string;
  pending: boolean;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Nom', cell: (row) => row.name },
  { key: 'state', header: 'Statut', cell: (row) => (row.pending ? 'En attente' : 'Vérifié') },
];

function SelectableTable({ rows }: { rows: Row[] }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  return (
    <MantineProvider>
      <p data-testid="selected">{[...selected].join(',')}</p>
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={COLUMNS}
        label="Vérifications"
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (row) => `Sélectionner ${row.name}`,
          canSelect: (row) => row.pending,
        }}
        empty={<EmptyState title="Aucune vérification trouvée" />}
      />
    </MantineProvider>
  );
}

const ROWS: Row[] = [
  { id: 1, name: 'Ana', pending: true },
  { id: 2, name: 'Bruno', pending: false },
  { id: 3, name: 'Carla', pending: true },
];

describe('DataTable', () => {
  it('renders the configured columns, in a table named by its label', () => {
    render(<SelectableTable rows={ROWS} />);
    expect(screen.getByRole('table', { name: 'Vérifications' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Nom' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('selects rows by their accessible label, and all selectable rows at once', () => {
    render(<SelectableTable rows={ROWS} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner Carla' }));
    expect(screen.getByTestId('selected').textContent).toBe('3');
    expect((screen.getByRole('checkbox', { name: 'Sélectionner Bruno' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(screen.getByTestId('selected').textContent).toBe('3,1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner' }));
    expect(screen.getByTestId('selected').textContent).toBe('');
  });

  it('shows its empty state instead of an empty table', () => {
    render(<SelectableTable rows={[]} />);
    expect(screen.getByText('Aucune vérification trouvée')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
