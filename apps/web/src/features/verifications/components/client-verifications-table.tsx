import type { ClientVerification } from '@kwanza/contract';
import { Button, Group, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { DOCUMENT_TYPE_LABELS, labelOf } from '../../../lib/labels';
import { VerificationStatusBadge } from './verification-badges';

export type ClientAction = 'approve' | 'reject' | 'reset';

interface ClientVerificationsTableProps {
  rows: ClientVerification[];
  /** 'name' shows the client's name (verification tabs), 'username' the username (client screen). */
  identity: 'name' | 'username';
  onView: (id: number) => void;
  onAction: (action: ClientAction, row: ClientVerification) => void;
}

/** Client verifications: Voir; Approuver and Rejeter when pending; Réinitialiser when rejected. */
export function ClientVerificationsTable({
  rows,
  identity,
  onView,
  onAction,
}: ClientVerificationsTableProps) {
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      minWidth={760}
      empty={<EmptyState title="Aucune vérification trouvée" />}
      columns={[
        {
          key: 'client',
          header: 'Client',
          cell: (row) => (
            <>
              <Text size="sm" fw={500}>
                {identity === 'name' ? row.client_name : row.user_info.username}
              </Text>
              <Text size="xs" c="dimmed">
                {row.client_email}
              </Text>
            </>
          ),
        },
        {
          key: 'document',
          header: 'Document',
          cell: (row) => labelOf(DOCUMENT_TYPE_LABELS, row.document_type).label,
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
              <Button size="compact-sm" variant="light" onClick={() => onView(row.id)}>
                Voir
              </Button>
              {row.verification_status === 'pending' ? (
                <>
                  <Button size="compact-sm" color="green" onClick={() => onAction('approve', row)}>
                    Approuver
                  </Button>
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="light"
                    onClick={() => onAction('reject', row)}
                  >
                    Rejeter
                  </Button>
                </>
              ) : null}
              {row.verification_status === 'rejected' ? (
                <Button
                  size="compact-sm"
                  color="orange"
                  variant="light"
                  onClick={() => onAction('reset', row)}
                >
                  Réinitialiser
                </Button>
              ) : null}
            </Group>
          ),
        },
      ]}
    />
  );
}
