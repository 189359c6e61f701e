import type { ClientVerification } from '@kwanza/contract';
import { Button, Group, Table, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { documentTypeLabel } from './verification-labels';
import { VerificationStatusBadge } from './verification-status-badge';

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
  if (rows.length === 0) return <EmptyState title="Aucune vérification trouvée" />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>Document</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Date de soumission</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {identity === 'name' ? row.client_name : row.user_info.username}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.client_email}
                </Text>
              </Table.Td>
              <Table.Td>{documentTypeLabel(row.document_type)}</Table.Td>
              <Table.Td>
                <VerificationStatusBadge status={row.verification_status} />
              </Table.Td>
              <Table.Td>{formatDateTime(row.submitted_at)}</Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
