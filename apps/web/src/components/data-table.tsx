import { Checkbox, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';

/** The header checkbox of a table with a selection column (a place for the focus after a bulk action). */
export const SELECT_ALL_SELECTOR = 'input[aria-label="Tout sélectionner"]';

export interface DataTableColumn<Row> {
  /** Stable identity of the column. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  width?: number | string;
  /** Keep the cell on one line (e-mails, phones, dates); the table scrolls instead. */
  noWrap?: boolean;
}

export interface DataTableSelection<Row> {
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  /** Accessible name of a row's checkbox: 'Sélectionner Ana Costa'. */
  rowLabel: (row: Row) => string;
  /** Rows that may be selected (default: all). */
  canSelect?: (row: Row) => boolean;
}

interface DataTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  columns: readonly DataTableColumn<Row>[];
  /** A checkbox column with 'Tout sélectionner' in its header. */
  selection?: DataTableSelection<Row>;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  /** Accessible name of the table (required: a screen reader lists tables by name). */
  label: string;
  /** Spacing between columns (default 'sm'; 'xs' for wide tables). */
  horizontalSpacing?: 'xs' | 'sm' | 'md';
  /** Rows to highlight (unread notifications): a tinted background, marked `data-highlighted`. */
  highlight?: (row: Row) => boolean;
}

/** A table from a column configuration, with an optional selection column and its own empty state. */
export function DataTable<Row>({
  rows,
  rowKey,
  columns,
  selection,
  empty = <EmptyState title="Aucun résultat" />,
  minWidth = 800,
  label,
  horizontalSpacing = 'sm',
  highlight,
}: DataTableProps<Row>) {
  if (rows.length === 0) return <>{empty}</>;
  const selectable = selection
    ? rows.filter((row) => selection.canSelect?.(row) ?? true).map((row) => rowKey(row))
    : [];
  const allSelected = selection
    ? selectable.length > 0 && selectable.every((id) => selection.selected.has(id))
    : false;
  const someSelected = selection ? selectable.some((id) => selection.selected.has(id)) : false;

  const toggle = (id: number, checked: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (checked) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing={horizontalSpacing}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Tout sélectionner"
                  checked={allSelected}
                  indeterminate={!allSelected && someSelected}
                  disabled={selectable.length === 0}
                  onChange={(event) => {
                    const next = new Set(selection.selected);
                    for (const id of selectable) {
                      if (event.currentTarget.checked) next.add(id);
                      else next.delete(id);
                    }
                    selection.onChange(next);
                  }}
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => (
              <Table.Th key={column.key} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = rowKey(row);
            const highlighted = highlight?.(row) ?? false;
            return (
              <Table.Tr
                key={id}
                data-highlighted={highlighted || undefined}
                bg={highlighted ? 'var(--mantine-color-blue-light)' : undefined}
              >
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.rowLabel(row)}
                      checked={selection.selected.has(id)}
                      disabled={!(selection.canSelect?.(row) ?? true)}
                      onChange={(event) => toggle(id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                {columns.map((column) => (
                  <Table.Td key={column.key} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
