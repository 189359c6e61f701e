import type { ClientVerification } from '@kwanza/contract';
import { Button, Group, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { focusKey } from '../../../lib/focus';
import { formatDateTime } from '../../../lib/format';
import { DOCUMENT_TYPE_LABELS, labelOf } from '../../../lib/labels';
import { VerificationStatusBadge, viewKey } from './verification-badges';

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
  const nameOf = (row: ClientVerification) =>
    identity === 'name' ? row.client_name : row.user_info.username;
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      label="Vérifications des clients"
      minWidth={760}
      empty={<EmptyState title="Aucune vérification trouvée" />}
      columns={[
        {
          key: 'client',
          header: 'Client',
          cell: (row) => (
            <>
              <Text size="sm" fw={500}>
                {nameOf(row)}
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
              <Button
                size="compact-sm"
                variant="light"
                aria-label={`Voir la vérification de ${nameOf(row)}`}
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
                    aria-label={`Approuver la vérification de ${nameOf(row)}`}
                    onClick={() => onAction('approve', row)}
                  >
                    Approuver
                  </Button>
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="light"
                    aria-label={`Rejeter la vérification de ${nameOf(row)}`}
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
                  aria-label={`Réinitialiser la vérification de ${nameOf(row)}`}
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
