import type { AuditEntry } from '@kwanza/contract';
import { Button, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { actionLabel, actorLabel, summarizeEntry } from '../../../lib/audit';
import { formatDateTime } from '../../../lib/format';
import { AuditObjectLink } from './audit-object-link';

/** Summary lines shown per row; the detail shows them all. */
const SUMMARY_LINES = 2;

function Summary({ entry }: { entry: AuditEntry }) {
  const lines = summarizeEntry(entry);
  if (lines.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={0}>
      {lines.slice(0, SUMMARY_LINES).map((line) => (
        <Text key={line} size="sm" lineClamp={2}>
          {line}
        </Text>
      ))}
      {lines.length > SUMMARY_LINES ? (
        <Text size="xs" c="dimmed">
          et {lines.length - SUMMARY_LINES} autre(s)
        </Text>
      ) : null}
    </Stack>
  );
}

export function AuditTable({
  entries,
  onOpen,
}: {
  entries: readonly AuditEntry[];
  onOpen: (id: number) => void;
}) {
  const columns: DataTableColumn<AuditEntry>[] = [
    { key: 'date', header: 'Date', cell: (entry) => formatDateTime(entry.created_at), noWrap: true },
    { key: 'admin', header: 'Administrateur', cell: (entry) => actorLabel(entry) },
    { key: 'action', header: 'Action', cell: (entry) => actionLabel(entry.action) },
    { key: 'object', header: 'Objet', cell: (entry) => <AuditObjectLink object={entry.object} /> },
    { key: 'summary', header: 'Résumé', cell: (entry) => <Summary entry={entry} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (entry) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => onOpen(entry.id)}
          aria-label={`Détails de l'entrée n° ${entry.id}`}
        >
          Détails
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={columns}
      label="Journal d'audit"
      minWidth={1000}
    />
  );
}
