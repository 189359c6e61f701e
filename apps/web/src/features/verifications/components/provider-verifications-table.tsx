import type { ProviderVerification } from '@kwanza/contract';
import { Button, Group, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { focusKey } from '../../../lib/focus';
import { formatDateTime } from '../../../lib/format';
import { ACCOUNT_TYPE_LABELS, accountTypeOf } from '../../../lib/labels';
import { VerificationStatusBadge, viewKey } from './verification-badges';

interface ProviderVerificationsTableProps {
  rows: ProviderVerification[];
  selected: ReadonlySet<number>;
  onSelectionChange: (selected: Set<number>) => void;
  onView: (id: number) => void;
  onAction: (action: 'approve' | 'reject', row: ProviderVerification) => void;
}

/** Provider verifications with a selection column (pending rows only, for the bulk actions). */
export function ProviderVerificationsTable({
  rows,
  selected,
  onSelectionChange,
  onView,
  onAction,
}: ProviderVerificationsTableProps) {
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      label="Vérifications des prestataires"
      empty={<EmptyState title="Aucune vérification trouvée" />}
      selection={{
        selected,
        onChange: onSelectionChange,
        rowLabel: (row) => `Sélectionner ${row.provider_name}`,
        canSelect: (row) => row.verification_status === 'pending',
      }}
      columns={[
        {
          key: 'provider',
          header: 'Prestataire',
          cell: (row) => (
            <>
              <Text size="sm" fw={500}>
                {row.provider_name}
              </Text>
              <Text size="xs" c="dimmed">
                {row.provider_email}
              </Text>
            </>
          ),
        },
        {
          key: 'type',
          header: 'Type',
          cell: (row) => ACCOUNT_TYPE_LABELS[accountTypeOf(row.is_business)].label,
        },
        {
          key: 'status',
          header: 'Statut',
          cell: (row) => <VerificationStatusBadge value={row.verification_status} />,
        },
        {
          key: 'submitted',
          header: 'Date de soumission',
          noWrap: true,
          cell: (row) => formatDateTime(row.submitted_at),
        },
        {
          key: 'actions',
          header: 'Actions',
          cell: (row) => (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                aria-label={`Voir la vérification de ${row.provider_name}`}
                {...focusKey(viewKey(row.id))}
                onClick={() => onView(row.id)}
              >
                Voir
              </Button>
              {row.verification_status === 'pending' ? (
                <>
                  <Button
                    size="compact-sm"
                    color="green"
                    aria-label={`Approuver la vérification de ${row.provider_name}`}
                    onClick={() => onAction('approve', row)}
                  >
                    Approuver
                  </Button>
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="light"
                    aria-label={`Rejeter la vérification de ${row.provider_name}`}
                    onClick={() => onAction('reject', row)}
                  >
                    Rejeter
                  </Button>
                </>
              ) : null}
            </Group>
          ),
        },
      ]}
    />
  );
}
