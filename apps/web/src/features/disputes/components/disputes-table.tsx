import type { Dispute } from '@kwanza/contract';
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatDate, truncate } from '../../../lib/format';
import { DisputeStatusBadge } from './dispute-status-badge';

/** Descriptions are cut to this many characters in the list. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

const COLUMNS: DataTableColumn<Dispute>[] = [
  {
    key: 'title',
    header: 'Litige',
    cell: (dispute) => (
      <Stack gap={2}>
        <Text fw={600}>{dispute.title}</Text>
        <Text size="sm" c="dimmed">
          {truncate(dispute.description, DESCRIPTION_PREVIEW_LENGTH)}
        </Text>
      </Stack>
    ),
  },
  { key: 'status', header: 'Statut', cell: (dispute) => <DisputeStatusBadge value={dispute.status} /> },
  { key: 'client', header: 'Client', cell: (dispute) => dispute.client_name },
  { key: 'provider', header: 'Prestataire', cell: (dispute) => dispute.provider_name },
  { key: 'date', header: 'Date', cell: (dispute) => formatDate(dispute.created_at), noWrap: true },
  {
    key: 'actions',
    header: 'Actions',
    cell: (dispute) => (
      <Button
        component={Link}
        to={`/disputes/${dispute.id}`}
        size="xs"
        variant="light"
        aria-label={`Voir détails du litige ${dispute.title}`}
      >
        Voir détails
      </Button>
    ),
  },
];

export function DisputesTable({ disputes }: { disputes: readonly Dispute[] }) {
  return <DataTable rows={disputes} rowKey={(dispute) => dispute.id} columns={COLUMNS} label="Litiges" />;
}
